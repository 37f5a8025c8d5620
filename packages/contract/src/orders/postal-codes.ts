// Zod-free and pure: the checkout form and the contract check a postcode against its country alike.

const FOUR = /^\d{4}$/;
const FIVE = /^\d{5}$/;
const SIX = /^\d{6}$/;

/**
 * The postcode formats of the countries shipped to (the Universal Postal Union's, upper case,
 * spaces as one): where a parcel cannot be delivered with another. Other countries keep the
 * contract's general shape (letters, digits, spaces and hyphens).
 */
const FORMATS: ReadonlyMap<string, RegExp> = new Map(
  Object.entries({
    US: /^\d{5}(-\d{4})?$/,
    CA: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/,
    GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/,
    IE: /^[A-Z]\d[\dW] ?[A-Z\d]{4}$/,
    AU: FOUR,
    NZ: FOUR,
    BR: /^\d{5}-?\d{3}$/,
    MX: FIVE,
    CN: SIX,
    JP: /^\d{3}-?\d{4}$/,
    KR: FIVE,
    IN: SIX,
    DE: FIVE,
    FR: FIVE,
    ES: FIVE,
    IT: FIVE,
    FI: FIVE,
    EE: FIVE,
    HR: FIVE,
    GR: /^\d{3} ?\d{2}$/,
    PT: /^\d{4}-\d{3}$/,
    NL: /^\d{4} ?[A-Z]{2}$/,
    BE: FOUR,
    AT: FOUR,
    DK: FOUR,
    HU: FOUR,
    BG: FOUR,
    CH: FOUR,
    NO: FOUR,
    SI: FOUR,
    CY: FOUR,
    LU: /^(L-)?\d{4}$/,
    SE: /^\d{3} ?\d{2}$/,
    CZ: /^\d{3} ?\d{2}$/,
    SK: /^\d{3} ?\d{2}$/,
    PL: /^\d{2}-\d{3}$/,
    RO: SIX,
    LT: /^(LT-)?\d{5}$/,
    LV: /^(LV-)?\d{4}$/,
    MT: /^[A-Z]{3} ?\d{4}$/,
  }),
);

/** Whether `postalCode` has the format of `countryCode`'s postcodes (any case, spaces trimmed). */
export function postalCodeFits(countryCode: string, postalCode: string): boolean {
  // A map, not an object: "__proto__" or "constructor" is no country's format.
  const format = FORMATS.get(countryCode);
  return !format || format.test(postalCode.trim().toUpperCase().replace(/\s+/g, ' '));
}
