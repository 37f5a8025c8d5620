import { z } from 'zod';

/**
 * What the server tells the web app at load time (`/runtime-config.js`), so one build runs on
 * any host: brand hosts that must call a fixed API host instead of their own origin.
 */
export const ZRuntimeConfig = z.object({
  version: z.string(),
  /** Page hostname → API origin, e.g. `{"shop.example": "https://api.example"}`. */
  apiHosts: z.record(z.string(), z.string()),
  /** Whether password sign-in needs the image captcha from the start (CAPTCHA_ENABLED). */
  captchaEnabled: z.boolean(),
  /** SHOP_BASE_DOMAIN: shops are linked as `https://<slug>.<domain>`; absent, `<origin>/s/<slug>`. */
  shopBaseDomain: z.string().optional(),
});
export type TRuntimeConfig = z.infer<typeof ZRuntimeConfig>;
export const RUNTIME_CONFIG_GLOBAL = '__LINKSTORE_RUNTIME__';
