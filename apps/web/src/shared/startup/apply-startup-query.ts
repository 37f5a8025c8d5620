import { useAppPreferences } from '../preferences/app-preferences-store';
import { useUserPreferences } from '../preferences/user-preferences-store';
import { readStartupQuery } from './startup-query';

/** Stores what the address carries, before i18n starts, so the first paint is in that language. */
export function applyStartupQuery(hash: string): void {
  const { language, userSource, pageSource } = readStartupQuery(hash);
  if (language) useAppPreferences.getState().setLanguage(language);
  const preferences = useUserPreferences.getState();
  if (userSource !== undefined) preferences.setUserSource(userSource);
  if (pageSource !== undefined) preferences.setPageSource(pageSource);
}
