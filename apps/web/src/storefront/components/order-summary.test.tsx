import type { TOrderMoney } from '@linkstore/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import enMessages from '../../locales/en/storefront.json';
import frMessages from '../../locales/fr/storefront.json';
import { createTranslate, type TMessages } from '../i18n';
import { StorefrontContext, type TStorefront } from '../storefront-context';
import { OrderSummary } from './order-summary';

function storefront(language: 'en' | 'fr'): TStorefront {
  const messages = (language === 'fr' ? frMessages : enMessages) as TMessages;
  return {
    basePath: '/s/demo',
    slug: 'demo',
    page: null,
    search: () => '',
    language,
    locale: language,
    t: createTranslate(messages, language),
    setLanguage: () => undefined,
    currency: null,
    setCurrency: () => undefined,
    price: (minor: number) => `$${(minor / 100).toFixed(2)}`,
    usd: String,
    cart: null,
    events: null,
  };
}

/** A German order: VAT included in the prices (IOSS), or none charged (an import over €150). */
const GERMAN: TOrderMoney = {
  itemsMinor: 4_000,
  discountMinor: 0,
  discountCode: null,
  discountTaxMinor: 0,
  shippingMinor: 500,
  shippingTaxMinor: 95,
  taxMinor: 855,
  totalMinor: 5_355,
  currencyCode: 'USD',
  tax: { name: 'VAT', rateMicros: 190_000, inclusive: true },
  taxScheme: 'ioss',
};
const OVER_150: TOrderMoney = {
  ...GERMAN,
  itemsMinor: 20_000,
  shippingTaxMinor: 0,
  taxMinor: 0,
  totalMinor: 20_500,
  tax: null,
  taxScheme: 'import',
};

function renderSummary(money: TOrderMoney, language: 'en' | 'fr' = 'en') {
  return render(
    <StorefrontContext.Provider value={storefront(language)}>
      <OrderSummary money={money} />
    </StorefrontContext.Provider>,
  );
}

/** The summary's rows, then what follows them. */
const rows = (container: HTMLElement) =>
  [...container.querySelectorAll('.sf-money-row')].map((row) => row.textContent);

describe('the order summary of an EU import', () => {
  it('says under the totals that import VAT is included under IOSS: nothing to pay on delivery', () => {
    const { container } = renderSummary(GERMAN);
    expect(rows(container)).toEqual([
      'Items$47.60',
      'Shipping$5.95',
      'Total$53.55',
      'Includes VAT (19%)$8.55',
    ]);
    const note = screen.getByText('Import VAT is included: nothing more to pay on delivery (IOSS).');
    // Under the totals, not among them.
    expect(container.querySelector('dl')?.compareDocumentPosition(note)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it('says over €150 that import VAT and duties are collected on delivery, in the buyer’s language', () => {
    const { container } = renderSummary(OVER_150, 'fr');
    expect(rows(container)).toHaveLength(3);
    expect(
      screen.getByText(
        'La TVA à l’importation et les droits de douane ne sont pas inclus : le transporteur les perçoit à la livraison.',
      ),
    ).toBeInTheDocument();
  });

  it('says nothing outside the EU', () => {
    const { container } = renderSummary({ ...OVER_150, taxScheme: null });
    expect(container.querySelector('.sf-money-note')).toBeNull();
    expect(screen.queryByText(/Import VAT/)).toBeNull();
  });
});
