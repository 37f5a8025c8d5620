/** Business constants of the web app. */
export const APP_TITLE = 'LinkStore';
export const REQUEST_TIMEOUT_MS = 50_000;
/** Duration of the warning notification, in seconds (antd takes seconds). */
export const WARNING_DURATION_S = 2;
export const PROGRESS_BAR = { speed: 500, trickleSpeed: 200, minimum: 0.3, showSpinner: false } as const;
export const DEFAULT_THEME_COLOR = '#4080FF';
export const DEFAULT_PERCENTAGE = 200;
