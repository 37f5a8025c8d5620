import { newIdempotencyKey } from '../../shared/idempotency-key';
import { ZCheckoutQuoteRequest, ZCheckoutRequest, type TCheckoutQuote } from '@linkstore/contract';
import { describe, expect, it } from 'vitest';
import {
  appliedCode,
  countryOptions,
  EMPTY_VALUES,
  quoteEmail,
  recheckField,
  toCheckoutRequest,
  validateCheckout,
} from './checkout-form';
import { defaultCountry } from '../ship-to';

const filled = {
  ...EMPTY_VALUES,
  email: ' Ana@Example.com ',
  name: 'Ana Lima',
  line1: '1 Main St',
  city: 'Lisbon',
  postalCode: '1000-001',
  countryCode: 'PT',
};

describe('checkout form', () => {
  it("starts the address on the country of the buyer's browser language, else the United States", () => {
    expect(defaultCountry(['fr-FR', 'en-US'])).toBe('FR');
    expect(defaultCountry(['pt-BR'])).toBe('BR');
    expect(defaultCountry(['zh-Hans-CN'])).toBe('CN');
    // A language without a region, or a region we do not ship to, is passed over.
    expect(defaultCountry(['fr', 'xx-QQ', 'es-ES'])).toBe('ES');
    expect(defaultCountry(['es-419'])).toBe('US');
    expect(defaultCountry([])).toBe('US');
  });

  it('names each missing or malformed field', () => {
    expect(validateCheckout(EMPTY_VALUES)).toEqual({
      email: 'required',
      name: 'required',
      line1: 'required',
      city: 'required',
      region: 'required',
      postalCode: 'required',
    });
    // A US state is one of the list's; elsewhere the region is free and optional.
    expect(
      validateCheckout({ ...filled, countryCode: 'US', region: 'New York', postalCode: '10001' }),
    ).toEqual({
      region: 'required',
    });
    expect(validateCheckout({ ...filled, countryCode: 'US', region: 'NY', postalCode: '10001' })).toEqual({});
    expect(validateCheckout({ ...filled, countryCode: 'DE', region: '' })).toEqual({
      postalCode: 'postalCode',
    });
    // The postcode has its country's format: Lisbon's is not a German one.
    expect(validateCheckout({ ...filled, countryCode: 'DE', postalCode: '10115' })).toEqual({});
    expect(validateCheckout({ ...filled, email: 'ana@', postalCode: '#1', phone: 'call me' })).toEqual({
      email: 'email',
      postalCode: 'postalCode',
      phone: 'phone',
    });
    expect(validateCheckout({ ...filled, name: 'x'.repeat(121) })).toEqual({ name: 'tooLong' });
    expect(validateCheckout(filled)).toEqual({});
  });

  it('builds a request the contract accepts, without empty optional fields', () => {
    const request = toCheckoutRequest(filled, {
      shop: 'demo',
      lines: [{ productId: '7', title: 'Teapot', imageUrl: null, priceMinor: 100, quantity: 2, stock: 5 }],
      language: 'pt',
      sources: { userSource: 'ig', pageSource: '' },
      checkoutKey: newIdempotencyKey(),
    });
    expect(request.address).not.toHaveProperty('line2', '');
    expect(ZCheckoutRequest.parse(request)).toMatchObject({
      email: 'ana@example.com',
      items: [{ productId: '7', quantity: 2 }],
      language: 'pt',
      userSource: 'ig',
    });
  });

  it('makes a new checkout key each attempt, in the form the contract takes', () => {
    const [first, second] = [newIdempotencyKey(), newIdempotencyKey()];
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).not.toBe(first);
  });

  it('names countries in the buyer language', () => {
    expect(countryOptions('fr').find((c) => c.code === 'DE')?.name).toBe('Allemagne');
  });

  it('re-checks a field with an error as it changes: gone once right, renamed if still wrong; others wait', () => {
    const errors = validateCheckout(EMPTY_VALUES);
    expect(errors).toMatchObject({ email: 'required', name: 'required' });

    const typing = { ...EMPTY_VALUES, email: 'ana@' };
    const afterTyping = recheckField(errors, typing, 'email');
    expect(afterTyping.email).toBe('email');
    expect(afterTyping.name).toBe('required');

    const fixed = recheckField(afterTyping, { ...typing, email: 'ana@example.com' }, 'email');
    expect(fixed).not.toHaveProperty('email');
    expect(fixed.name).toBe('required');

    // A field without an error shown gets none while being typed in.
    expect(recheckField({}, { ...EMPTY_VALUES, phone: 'abc' }, 'phone')).toEqual({});
  });

  it('quotes with an email only once the contract takes it', () => {
    const quote = { shop: 'demo', countryCode: 'PT', items: [{ productId: '101', quantity: 1 }] };
    for (const typed of [
      ' Ana@Example.com ',
      'a.b+c@mail.example.pt',
      'ana@',
      'ana@example',
      'a@b.c',
      'a b@c.de',
    ]) {
      const email = quoteEmail(typed);
      const taken = ZCheckoutQuoteRequest.safeParse({ ...quote, email: typed }).success;
      expect(email !== undefined, typed).toBe(taken);
      if (email) expect(email).toBe(typed.trim().toLowerCase());
    }
  });

  it('places the order with the code only when the quote applied the code kept', () => {
    const quote = (refusal: 'expired' | null, code = 'SPRING20') =>
      ({ discount: { code, refusal, minOrderMinor: null, capped: false } }) as TCheckoutQuote;
    expect(appliedCode(quote(null), 'SPRING20')).toBe('SPRING20');
    expect(appliedCode(quote('expired'), 'SPRING20')).toBeUndefined();
    // An answer about an earlier code, still on screen while the new one is quoted.
    expect(appliedCode(quote(null, 'OLD'), 'SPRING20')).toBeUndefined();
    expect(appliedCode(null, 'SPRING20')).toBeUndefined();
    const context = { shop: 'demo', lines: [], language: 'en' as const, checkoutKey: 'k'.repeat(32) };
    const sources = { userSource: 'default', pageSource: '' } as const;
    const request = toCheckoutRequest(filled, { ...context, sources, discountCode: 'SPRING20' });
    expect(request.discountCode).toBe('SPRING20');
    expect(toCheckoutRequest(filled, { ...context, sources })).not.toHaveProperty('discountCode');
  });
});
