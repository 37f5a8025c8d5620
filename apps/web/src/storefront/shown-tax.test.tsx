import { taxRoutes, type TShownTax } from '@linkstore/contract';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import enMessages from '../locales/en/storefront.json';
import { createTranslate } from './i18n';
import { COUNTRY_CODES, defaultCountry, keepShipTo, SHIP_TO_STORAGE_KEY, shipToCountry } from './ship-to';
import { forgetShownTaxes, SHOWN_TAX_PATH, useShownPrices } from './shown-tax';
import { StorefrontContext, type TStorefront } from './storefront-context';
import { stubApi } from './test-support';

const VAT: TShownTax = { name: 'VAT', rateMicros: 190_000, inclusive: true, shippingTaxed: true };
const GST_CA: TShownTax = { name: 'GST', rateMicros: 50_000, inclusive: false, shippingTaxed: true };
/** What the stubbed server answers per country (absent: no tax kept, null). */
const RATES: Record<string, TShownTax> = { DE: VAT, CA: GST_CA };

function stubTaxes() {
  return stubApi({
    [`GET ${SHOWN_TAX_PATH}`]: (_: unknown, url: URL) =>
      RATES[url.searchParams.get('countryCode') ?? ''] ?? null,
  });
}

const asked = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls
    .map(([input]) => new URL(String(input), window.location.origin))
    .filter((url) => url.pathname === SHOWN_TAX_PATH)
    .map((url) => url.searchParams.get('countryCode'));

/** A price as a product card shows it: $10.00 net, with its label. */
function Price() {
  const { shown, label } = useShownPrices();
  return (
    <p data-testid="price">
      {shown(1000)} {label ?? 'net'}
    </p>
  );
}

function renderPrices(count = 1) {
  const value = { t: createTranslate(enMessages, 'en') } as TStorefront;
  return render(
    <StorefrontContext.Provider value={value}>
      {Array.from({ length: count }, (_, i) => (
        <Price key={i} />
      ))}
    </StorefrontContext.Provider>,
  );
}

const prices = () => screen.getAllByTestId('price').map((p) => p.textContent);
/** Lets the stubbed answers (and what they set off) arrive. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 10)));

beforeEach(forgetShownTaxes);
afterEach(() => {
  forgetShownTaxes();
  localStorage.removeItem(SHIP_TO_STORAGE_KEY);
  vi.unstubAllGlobals();
});

describe('the tax prices are shown with', () => {
  it('calls the contract path', () => {
    expect(SHOWN_TAX_PATH).toBe(taxRoutes.shown.path);
  });

  it('shows a German buyer 119 % prices with the label, asked once for the whole page', async () => {
    localStorage.setItem(SHIP_TO_STORAGE_KEY, 'DE');
    const fetch = stubTaxes();
    renderPrices(3);
    expect(await screen.findAllByText('1190 incl. VAT')).toHaveLength(3);
    expect(asked(fetch)).toEqual(['DE']);
  });

  it('leaves prices as they are where the tax is added at checkout, or there is none', async () => {
    localStorage.setItem(SHIP_TO_STORAGE_KEY, 'CA');
    const fetch = stubTaxes();
    renderPrices();
    await settle();
    expect(asked(fetch)).toEqual(['CA']);
    expect(prices()).toEqual(['1000 net']);
  });

  it('follows the country the buyer picks, asking each country once per page', async () => {
    // No country kept: the browser's language names it (jsdom's en-US).
    const fetch = stubTaxes();
    renderPrices(2);
    expect(shipToCountry()).toBe('US');
    await settle();
    expect(asked(fetch)).toEqual(['US']);
    expect(prices()).toEqual(['1000 net', '1000 net']);

    act(() => keepShipTo('DE'));
    expect(await screen.findAllByText('1190 incl. VAT')).toHaveLength(2);
    expect(localStorage.getItem(SHIP_TO_STORAGE_KEY)).toBe('DE');

    act(() => keepShipTo('US'));
    expect(prices()).toEqual(['1000 net', '1000 net']);
    act(() => keepShipTo('DE'));
    expect(prices()).toEqual(['1190 incl. VAT', '1190 incl. VAT']);
    expect(asked(fetch)).toEqual(['US', 'DE']);
  });

  it('keeps prices as they are when the server cannot say, and asks again when the country is picked again', async () => {
    localStorage.setItem(SHIP_TO_STORAGE_KEY, 'DE');
    let failing = true;
    const fetch = stubApi({
      [`GET ${SHOWN_TAX_PATH}`]: () => (failing ? new Error('down') : VAT),
    });
    renderPrices();
    await settle();
    expect(asked(fetch)).toEqual(['DE']);
    expect(prices()).toEqual(['1000 net']);
    failing = false;
    act(() => keepShipTo('DE'));
    expect(await screen.findByText('1190 incl. VAT')).toBeInTheDocument();
  });

  it('keeps the country list and default with the "Ship to" country', () => {
    expect(COUNTRY_CODES).toContain('DE');
    expect(defaultCountry(['de-DE'])).toBe('DE');
    expect(defaultCountry(['cs-CZ'])).toBe('US');
  });
});
