/** Every localStorage key the web app uses (documented in apps/web/README.md). */
export const StorageKey = {
  // App preferences, one key each, raw strings.
  device: 'device',
  size: 'size',
  language: 'language',
  sidebarStatus: 'sidebarStatus',
  activeTopMenuPath: 'activeTopMenuPath',
  // Application settings, one JSON object.
  settings: 'settings',
  // Local user preferences, one JSON object.
  userPreferences: 'userPreferences',
  // Session: access token stored as "<type> <token>".
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  // Console login "remember me": the username to fill in next time.
  rememberedUsername: 'rememberedUsername',
  // Dictionaries: dictCode → items, in the language they were loaded in.
  dictionary: 'dictionary',
  // Unsaved shop-wide price edits of the signed-in creator (studio price adjustment pages).
  pricingDraft: 'pricingDraft',
} as const;
