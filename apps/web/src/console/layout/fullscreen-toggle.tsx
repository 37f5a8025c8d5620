import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

function subscribe(onChange: () => void): () => void {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}

const isFullscreen = () => document.fullscreenElement != null;

/** Enters or leaves full screen; hidden where the browser cannot. */
export function FullscreenToggle() {
  const { t } = useTranslation('console');
  const isOn = useSyncExternalStore(subscribe, isFullscreen);
  if (typeof document.documentElement.requestFullscreen !== 'function') return null;
  const label = t(isOn ? 'navbar.fullscreen.exit' : 'navbar.fullscreen.enter');
  const toggle = () => {
    const done = isOn ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    void done.catch(() => undefined);
  };
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        aria-pressed={isOn}
        icon={isOn ? <FullscreenExitOutlined aria-hidden /> : <FullscreenOutlined aria-hidden />}
        onClick={toggle}
      />
    </Tooltip>
  );
}
