/** What PayPal (and the sandbox, like it) adds to the address it sends the payer back to. */
const PROVIDER_PARAMS = ['token', 'PayerID', 'ba_token', 'paymentId'] as const;

/**
 * The studio's address without the payment provider's return parameters (they sit before the
 * hash: `/?token=…#/order/pay-result?purchase=7`), or null when it has none.
 */
export function withoutProviderParams(href: string): string | null {
  const url = new URL(href);
  if (!PROVIDER_PARAMS.some((name) => url.searchParams.has(name))) return null;
  for (const name of PROVIDER_PARAMS) url.searchParams.delete(name);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * After a return from paying, drops the provider's token from the address in place
 * (`history.replaceState`, keeping the router's state), so neither Back, a reload nor a shared
 * address carries it again.
 */
export function dropProviderParams(win: Pick<Window, 'location' | 'history'> = window): void {
  const clean = withoutProviderParams(win.location.href);
  if (clean !== null) win.history.replaceState(win.history.state, '', clean);
}
