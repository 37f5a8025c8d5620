import {
  isRegionOf,
  postalCodeFits,
  regionsOf,
  type TCheckoutQuote,
  type TCheckoutRequest,
  type TLanguage,
} from '@linkstore/contract';
import type { TCartLine } from '../cart';
import type { TTrafficSources } from '../events';
import { COUNTRY_CODES } from '../ship-to';

/**
 * The checkout form's values and checks. They mirror the contract's ZCheckoutRequest so a buyer
 * hears about a mistake before paying; the server checks the same with the schema itself.
 */
export interface TCheckoutValues {
  email: string;
  name: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  countryCode: string;
  phone: string;
}
export type TCheckoutField = keyof TCheckoutValues;
/** Each names a translated message `checkout.errors.<kind>`. */
export type TFieldError = 'required' | 'email' | 'postalCode' | 'phone' | 'tooLong';

export const EMPTY_VALUES: TCheckoutValues = {
  email: '',
  name: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  countryCode: 'US',
  phone: '',
};

// Kept with the "Ship to" country (the shop page needs them without the checkout's code).

export function countryOptions(locale: string): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name, locale),
  );
}

const LIMITS: Record<TCheckoutField, number> = {
  email: 254,
  name: 120,
  line1: 200,
  line2: 200,
  city: 100,
  region: 100,
  postalCode: 16,
  countryCode: 2,
  phone: 32,
};
const REQUIRED: TCheckoutField[] = ['email', 'name', 'line1', 'city', 'postalCode', 'countryCode'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const POSTAL_CODE = /^[A-Za-z0-9][A-Za-z0-9 -]{1,15}$/;
const PHONE = /^\+?[0-9 ()-]*$/;

/** zod's email check (the contract's), written out: an address it refuses would fail the quote. */
const CONTRACT_EMAIL =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The email to quote with (a code's uses per email are checked against it), once it is whole. */
export function quoteEmail(text: string): string | undefined {
  const email = text.trim().toLowerCase();
  return email.length <= LIMITS.email && CONTRACT_EMAIL.test(email) ? email : undefined;
}

/**
 * The code the order is placed with: the quote's, when it applied the code kept (not one it
 * refused, nor an answer about an earlier code still on screen).
 */
export function appliedCode(quote: TCheckoutQuote | null, kept: string | null): string | undefined {
  const discount = quote?.discount;
  return discount && !discount.refusal && discount.code === kept ? kept : undefined;
}

/** The problems of each field, in the form's order; empty when the form can be sent. */
export function validateCheckout(values: TCheckoutValues): Partial<Record<TCheckoutField, TFieldError>> {
  const errors: Partial<Record<TCheckoutField, TFieldError>> = {};
  for (const field of Object.keys(LIMITS) as TCheckoutField[]) {
    const value = values[field].trim();
    if (REQUIRED.includes(field) && value === '') errors[field] = 'required';
    else if (value.length > LIMITS[field]) errors[field] = 'tooLong';
  }
  if (!errors.email && !EMAIL.test(values.email.trim())) errors.email = 'email';
  if (
    !errors.postalCode &&
    !(POSTAL_CODE.test(values.postalCode.trim()) && postalCodeFits(values.countryCode, values.postalCode))
  ) {
    errors.postalCode = 'postalCode';
  }
  if (!errors.phone && !PHONE.test(values.phone.trim())) errors.phone = 'phone';
  // Where taxes differ by state or province, one is chosen from the list.
  if (!errors.region && !isRegionOf(values.countryCode, values.region)) errors.region = 'required';
  return errors;
}

/** The form after the country changed: a region of the old country's list does not carry over. */
export function withCountry(values: TCheckoutValues, countryCode: string): TCheckoutValues {
  const keep = regionsOf(values.countryCode).length === 0 && regionsOf(countryCode).length === 0;
  return { ...values, countryCode, region: keep ? values.region : '' };
}

/**
 * The errors once `field` changed to what `values` hold: an error shown on it is re-checked (gone
 * as soon as the field is right, or the new problem named); a field without one is left alone
 * until the buyer tries to pay again.
 */
export function recheckField(
  errors: Partial<Record<TCheckoutField, TFieldError>>,
  values: TCheckoutValues,
  field: TCheckoutField,
): Partial<Record<TCheckoutField, TFieldError>> {
  if (!errors[field]) return errors;
  const { [field]: _old, ...others } = errors;
  const now = validateCheckout(values)[field];
  return now ? { ...others, [field]: now } : others;
}

/** The checkout request for the cart's lines; optional fields left empty are not sent. */
export function toCheckoutRequest(
  values: TCheckoutValues,
  context: {
    shop: string;
    lines: readonly TCartLine[];
    language: TLanguage;
    sources: TTrafficSources;
    checkoutKey: string;
    /** The method the quote priced; none while it has not answered. */
    shippingMethodId?: string | undefined;
    /** The code the quote applied (appliedCode). */
    discountCode?: string | undefined;
    /** The buyer ticked "Email me news and offers from <shop>". */
    marketingConsent?: boolean | undefined;
  },
): TCheckoutRequest {
  const optional = (value: string) => value.trim() || undefined;
  return {
    shop: context.shop,
    email: values.email.trim(),
    address: {
      name: values.name.trim(),
      line1: values.line1.trim(),
      line2: optional(values.line2),
      city: values.city.trim(),
      region: optional(values.region),
      postalCode: values.postalCode.trim(),
      countryCode: values.countryCode,
      phone: optional(values.phone),
    },
    items: context.lines.map((line) => ({
      productId: line.productId,
      ...(line.variantId ? { variantId: line.variantId } : {}),
      quantity: line.quantity,
    })),
    ...(context.shippingMethodId ? { shippingMethodId: context.shippingMethodId } : {}),
    ...(context.discountCode ? { discountCode: context.discountCode } : {}),
    language: context.language,
    userSource: context.sources.userSource,
    pageSource: context.sources.pageSource,
    checkoutKey: context.checkoutKey,
    marketingConsent: context.marketingConsent === true,
  };
}
