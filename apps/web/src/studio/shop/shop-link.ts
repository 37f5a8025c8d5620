import { RESERVED_SHOP_SLUGS } from '@linkstore/contract';

export const SLUG_MIN = 3;
export const SLUG_MAX = 40;

/** Why a slug would be refused (the contract's ZShopSlug and RESERVED_SHOP_SLUGS), as an i18n key suffix. */
export type TSlugProblem = 'required' | 'length' | 'format' | 'reserved';

/** The first rule `slug` breaks, or null: lets the form refuse it before the server would. */
export function slugProblem(slug: string): TSlugProblem | null {
  const value = slug.trim();
  if (!value) return 'required';
  if (value.length < SLUG_MIN || value.length > SLUG_MAX) return 'length';
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(value)) return 'format';
  if (RESERVED_SHOP_SLUGS.includes(value)) return 'reserved';
  return null;
}

/**
 * A slug proposed from the shop name while the creator has not typed one: lower-case ASCII
 * letters and digits, accents dropped, other runs of characters turned into single hyphens.
 */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
}
