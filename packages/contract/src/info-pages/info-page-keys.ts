/**
 * The platform's information pages a buyer expects before paying, in the order the storefront's
 * footer lists them. Without zod, so the storefront can link them without downloading it.
 */
export const INFO_PAGE_KEYS = ['shipping', 'returns', 'contact', 'terms', 'privacy'] as const;
export type TInfoPageKey = (typeof INFO_PAGE_KEYS)[number];

export function isInfoPageKey(value: string): value is TInfoPageKey {
  return (INFO_PAGE_KEYS as readonly string[]).includes(value);
}
