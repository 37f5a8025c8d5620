/** Placeholder while the page is being built (issue 5). */
export function ShopPage() {
  return null;
}
