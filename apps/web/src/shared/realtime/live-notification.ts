import type { App } from 'antd';
import type { ReactNode } from 'react';

type TNotificationApi = ReturnType<typeof App.useApp>['notification'];

/** SPEC §9: how long a live notification stays, in seconds (hovering pauses it). */
export const LIVE_NOTIFICATION_S = 4.5;

/**
 * A live notification as SPEC §4/§9 describe it: top right, 16 px from the edge, paused while
 * hovered; Escape closes the newest, Delete or Backspace stops its timer (it stays until closed).
 * Returns its key.
 */
export function showLiveNotification(
  notification: TNotificationApi,
  content: { key: string; title: ReactNode; description: ReactNode; onClick?: () => void },
  doc: Document = document,
): string {
  const base = {
    ...content,
    placement: 'topRight' as const,
    top: 16,
    pauseOnHover: true,
    onClose: () => doc.removeEventListener('keydown', onKey),
  };
  function onKey(event: KeyboardEvent): void {
    if (event.key === 'Escape') {
      notification.destroy(content.key);
      doc.removeEventListener('keydown', onKey);
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      // Typing in a field is not meant for the notification.
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, [contenteditable="true"]')) return;
      notification.open({ ...base, duration: false });
    }
  }
  doc.addEventListener('keydown', onKey);
  notification.open({ ...base, duration: LIVE_NOTIFICATION_S });
  return content.key;
}
