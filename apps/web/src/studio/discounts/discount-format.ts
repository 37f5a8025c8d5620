import type { TDiscountCode, TDiscountCodeRequest, TDiscountKind, TDiscountState } from '@linkstore/contract';
import type { Dayjs } from 'dayjs';

/**
 * The form's values: days as the date pickers hold them, products with their titles. A field the
 * form does not show (the other kind's amount, the products of a whole-shop code) is undefined.
 */
export interface TDiscountFormValues {
  code: string;
  kind: TDiscountKind;
  percent?: number | null;
  /** US cents. */
  amountMinor?: number | null;
  /** US cents. */
  minOrderMinor: number | null;
  startsOn: Dayjs | null;
  endsOn: Dayjs | null;
  maxUses: number | null;
  maxUsesPerEmail: number | null;
  appliesTo: 'shop' | 'products';
  products?: { value: string; label: string }[];
}

/** The form's fields in the order they are shown (server field errors land on these). */
export const FORM_FIELDS = [
  'code',
  'kind',
  'percent',
  'amountMinor',
  'minOrderMinor',
  'startsOn',
  'endsOn',
  'maxUses',
  'maxUsesPerEmail',
  'products',
] as const;

/** The contract's day: `yyyy-MM-dd` (a UTC calendar day). */
const ISO_DAY = 'YYYY-MM-DD';

/**
 * What a filled form sends: the code upper-cased, only the amount of its kind, empty optional
 * fields as null, days as `yyyy-MM-dd`, and `productIds` null for the whole shop.
 */
export function toDiscountRequest(values: TDiscountFormValues): TDiscountCodeRequest {
  const percent = values.percent ?? null;
  const amountMinor = values.amountMinor ?? null;
  const amount =
    values.kind === 'percent'
      ? percent === null
        ? {}
        : { percent }
      : amountMinor === null
        ? {}
        : { amountMinor };
  return {
    code: values.code.trim().toUpperCase(),
    kind: values.kind,
    ...amount,
    minOrderMinor: values.minOrderMinor ?? null,
    startsOn: values.startsOn ? values.startsOn.format(ISO_DAY) : null,
    endsOn: values.endsOn ? values.endsOn.format(ISO_DAY) : null,
    maxUses: values.maxUses ?? null,
    maxUsesPerEmail: values.maxUsesPerEmail ?? null,
    productIds: values.appliesTo === 'shop' ? null : (values.products ?? []).map((product) => product.value),
  };
}

/** The server names a product refused in the list `productIds` (or `productIds.3`): the form's `products`. */
export function formFieldOf(serverField: string): string {
  const top = serverField.split('.')[0] ?? serverField;
  return top === 'productIds' ? 'products' : top;
}

/** `3 / 10` against a total uses limit, else `3`, in the reader's digits. */
export function usesText(code: Pick<TDiscountCode, 'uses' | 'maxUses'>, locale: string): string {
  const number = new Intl.NumberFormat(locale);
  return code.maxUses === null
    ? number.format(code.uses)
    : `${number.format(code.uses)} / ${number.format(code.maxUses)}`;
}

/** A contract day (`yyyy-MM-dd`, UTC) in the reader's language, the same day wherever they are. */
export function utcDayFormatter(locale: string): (day: string) => string {
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  return (day) => format.format(new Date(`${day}T00:00:00Z`));
}

/** The tag colour of each state. */
export const STATE_COLOURS: Record<TDiscountState, string> = {
  active: 'success',
  scheduled: 'processing',
  expired: 'default',
  usedUp: 'warning',
  paused: 'orange',
};

/** The link a buyer opens to have the code filled in: `<shop link>?code=<CODE>`. */
export function codeLink(shopLink: string, code: string): string {
  return `${shopLink}${shopLink.includes('?') ? '&' : '?'}code=${encodeURIComponent(code)}`;
}
