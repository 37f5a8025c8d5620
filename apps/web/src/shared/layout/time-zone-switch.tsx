import { ClockCircleOutlined } from '@ant-design/icons';
import { App, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserTimeZone, knownTimeZones, saveTimeZone, useChosenTimeZone } from '../preferences/time-zone';
import { useSession } from '../session/session-store';
import styles from './top-bar.module.css';

/** The browser's own zone, as the choice's value (a zone name is never empty). */
const BROWSER = '';

/**
 * The dashboard's time zone, saved on the signed-in user's profile: any zone the browser knows
 * (searchable), or "Browser's (Europe/Paris)" to follow wherever they are. Hidden when signed out.
 */
export function TimeZoneSwitch({ block = false }: { block?: boolean }) {
  const { t } = useTranslation('common');
  const { message } = App.useApp();
  const isSignedIn = useSession((state) => state.authorization !== '');
  const chosen = useChosenTimeZone();
  const [saving, setSaving] = useState(false);
  const options = useMemo(
    () => [
      { value: BROWSER, label: t('topBar.timeZone.browser', { zone: browserTimeZone() }) },
      // The runtime's list may hold the older name of a zone (Asia/Calcutta): the browser's own
      // zone and the one chosen are offered as they are named.
      ...[...new Set([...knownTimeZones(), browserTimeZone(), ...(chosen ? [chosen] : [])])]
        .sort()
        .map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') })),
    ],
    [t, chosen],
  );
  if (!isSignedIn) return null;
  const value = chosen ?? BROWSER;
  const shown = options.find((option) => option.value === value)?.label ?? value;
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      aria-label={t('topBar.current', { label: t('topBar.timeZone.label'), value: shown })}
      prefix={<ClockCircleOutlined aria-hidden />}
      className={block ? styles.timeZoneBlock : styles.timeZone}
      popupMatchSelectWidth={false}
      value={value}
      options={options}
      loading={saving}
      onChange={(value: string) => {
        setSaving(true);
        saveTimeZone(value === BROWSER ? null : value)
          .then(() => message.success(t('topBar.timeZone.saved')))
          .catch(() => undefined)
          .finally(() => setSaving(false));
      }}
    />
  );
}
