/**
 * A product with its variant as people read it: "Hoodie — M / Black"; a product without options
 * (an empty label) is its title alone. The one wording of carts, receipts, mails, refunds, price
 * pages and exports (decision 0055). Zod-free, so the storefront's shop page may import it.
 */
export function variantTitle(title: string, variantLabel: string | null | undefined): string {
  return variantLabel ? `${title} — ${variantLabel}` : title;
}
