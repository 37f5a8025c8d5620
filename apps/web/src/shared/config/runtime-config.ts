import { RUNTIME_CONFIG_GLOBAL, ZRuntimeConfig, type TRuntimeConfig } from '@linkstore/contract';

const FALLBACK: TRuntimeConfig = { version: 'dev', apiHosts: {}, captchaEnabled: true };

/**
 * `/runtime-config.js` sets the global before the module entry runs. It is missing in plain dev
 * and in tests, and a malformed value must not stop the app, so both fall back to defaults.
 */
export function readRuntimeConfig(source: object = globalThis): TRuntimeConfig {
  const raw: unknown = Reflect.get(source, RUNTIME_CONFIG_GLOBAL);
  const parsed = ZRuntimeConfig.safeParse(raw);
  return parsed.success ? parsed.data : FALLBACK;
}

/** API origin for this page: the page's own origin unless the runtime config maps its hostname. */
export function resolveApiOrigin(
  location: Pick<Location, 'hostname' | 'origin'>,
  config: TRuntimeConfig,
): string {
  const mapped = config.apiHosts[location.hostname];
  return (mapped ?? location.origin).replace(/\/+$/, '');
}
