// Zod-free, so the storefront and the server's page rendering can use it without pulling zod in.

/** Where the shop's public pages live: a subdomain when one is configured, else `/s/<slug>`. */
export interface TShopLinkBase {
  /** The app's public origin (`PUBLIC_URL`, or the page's own origin in the browser). */
  origin: string;
  /** `SHOP_BASE_DOMAIN`: shops get `https://<slug>.<domain>` links when set. */
  shopBaseDomain?: string | undefined;
}

/**
 * The shop's public link, the one creators share: `https://<slug>.<domain>` with a shop domain,
 * `<origin>/s/<slug>` without. The server (account info, order mail, page tags) and the web
 * studio compute it here, once.
 */
export function shopLink(slug: string, { origin, shopBaseDomain }: TShopLinkBase): string {
  return shopBaseDomain
    ? `https://${slug}.${shopBaseDomain}`
    : `${origin.replace(/\/+$/, '')}/s/${encodeURIComponent(slug)}`;
}
