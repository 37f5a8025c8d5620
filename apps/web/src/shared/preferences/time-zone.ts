import { usersRoutes } from '@linkstore/contract';
import { callRoute } from '../http/call-route';
import { useUser } from '../session/user-store';

/** The browser's time zone: the dashboard's days and hours when the creator chose none (issue 18). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Every zone the browser knows, for the choice (IANA names, e.g. `Europe/Paris`). */
export function knownTimeZones(): string[] {
  return typeof Intl.supportedValuesOf === 'function'
    ? Intl.supportedValuesOf('timeZone')
    : [browserTimeZone()];
}

/** The signed-in user's chosen time zone; null: the browser's. */
export function useChosenTimeZone(): string | null {
  return useUser((state) => state.info?.user.timeZone ?? null);
}

/** Saves (or clears, with null) the signed-in user's time zone on their profile. */
export async function saveTimeZone(timeZone: string | null): Promise<void> {
  await callRoute(usersRoutes.updateTimeZone, { body: { timeZone } });
  const { info, setInfo } = useUser.getState();
  if (info) setInfo({ ...info, user: { ...info.user, timeZone } });
}
