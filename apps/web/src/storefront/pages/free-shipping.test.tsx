import type { TCheckoutQuote, TFreeShippingQuote } from '@linkstore/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { cartFor } from '../cart';
import { PAGE, renderStorefront, stubApi } from '../test-support';

/*
 * The shop's free shipping over an amount at checkout (decision 0056): the summary says the shop
 * pays the shipping (all of it for the cheapest method, part of a dearer one), or how much more
 * reaches it; the shipping page states the offer.
 */

const STANDARD = { methodId: '7', name: 'Standard', minDays: 3, maxDays: 5, free: false };
const EXPRESS = { methodId: '8', name: 'Express', minDays: 1, maxDays: 2, free: false };

/** A US quote for two mugs ($40.00, no tax), shipped by `methodId` with the shop's offer as given. */
function quoteOf(
  methodId: string,
  shipping: { standard: number; express: number; creator: number },
  freeShipping: TFreeShippingQuote | null,
): TCheckoutQuote {
  const shippingMinor = methodId === '8' ? shipping.express : shipping.standard;
  return {
    shippable: true,
    methods: [
      { ...STANDARD, costMinor: shipping.standard },
      { ...EXPRESS, costMinor: shipping.express },
    ],
    shippingMethodId: methodId,
    itemsMinor: 4_000,
    discountMinor: 0,
    discountTaxMinor: 0,
    discountCode: null,
    shippingMinor,
    creatorShippingMinor: shipping.creator,
    shippingTaxMinor: 0,
    taxMinor: 0,
    totalMinor: 4_000 + shippingMinor,
    currencyCode: 'USD',
    tax: null,
    taxScheme: null,
    discount: null,
    freeShipping,
  };
}

const APPLIES: TFreeShippingQuote = {
  thresholdMinor: 3_000,
  applies: true,
  reason: null,
  missingMinor: 0,
  creatorShippingMinor: 649,
};

function cartWithMugs() {
  const cart = cartFor('demo');
  cart.clear();
  cart.add({ productId: '101', title: 'Mug', imageUrl: null, priceMinor: 2_000, stock: 5 }, 2);
}

const rows = () => [...document.querySelectorAll('.sf-money-row')].map((row) => row.textContent);

describe('a shop’s free shipping at checkout', () => {
  it('shows the cheapest method free “from the shop”, and a dearer one at the difference', async () => {
    cartWithMugs();
    const asked: { shippingMethodId?: string }[] = [];
    stubApi({
      'POST /api/v1/public/checkout/quote': (body: { shippingMethodId?: string }) => {
        asked.push(body);
        return quoteOf(body.shippingMethodId ?? '7', { standard: 0, express: 1_150, creator: 649 }, APPLIES);
      },
    });
    renderStorefront('/s/demo/checkout');

    await vi.waitFor(() => expect(rows()).toEqual(['Items$40.00', 'ShippingFree', 'Total$40.00']));
    expect(screen.getByText('Free shipping from Demo Shop')).toBeInTheDocument();
    const methods = screen.getByRole('group', { name: 'Shipping method' });
    expect(within(methods).getByLabelText(/Standard/)).toBeChecked();
    expect(within(methods).getByText('$11.50')).toBeInTheDocument();

    fireEvent.click(within(methods).getByLabelText(/Express/));
    await vi.waitFor(() => expect(rows()).toEqual(['Items$40.00', 'Shipping$11.50', 'Total$51.50']));
    expect(asked.at(-1)).toMatchObject({ shippingMethodId: '8' });
    expect(screen.getByText('Demo Shop pays $6.49 of your shipping')).toBeInTheDocument();
    expect(screen.queryByText('Free shipping from Demo Shop')).not.toBeInTheDocument();
  });

  it('says how much more reaches it below the threshold, and that an order does not qualify', async () => {
    cartWithMugs();
    let freeShipping: TFreeShippingQuote = {
      ...APPLIES,
      applies: false,
      reason: 'belowThreshold',
      missingMinor: 1_000,
      creatorShippingMinor: 0,
    };
    stubApi({
      'POST /api/v1/public/checkout/quote': () =>
        quoteOf('7', { standard: 649, express: 1_799, creator: 0 }, freeShipping),
    });
    const { unmount } = renderStorefront('/s/demo/checkout');
    expect(await screen.findByText('Add $10.00 more for free shipping')).toBeInTheDocument();
    expect(rows()).toContain('Shipping$6.49');
    unmount();

    freeShipping = { ...freeShipping, reason: 'profit', missingMinor: 499 };
    renderStorefront('/s/demo/checkout');
    expect(
      await screen.findByText('This order does not qualify for free shipping from Demo Shop.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/more for free shipping/)).not.toBeInTheDocument();
  });

  it('says nothing when the shop offers none', async () => {
    cartWithMugs();
    stubApi({
      'POST /api/v1/public/checkout/quote': () =>
        quoteOf('7', { standard: 649, express: 1_799, creator: 0 }, null),
    });
    renderStorefront('/s/demo/checkout');
    await vi.waitFor(() => expect(rows()).toContain('Shipping$6.49'));
    expect(document.querySelector('.sf-free-shipping')).toBeNull();
  });

  it('the shipping page states the shop’s offer', async () => {
    stubApi({
      'GET /api/v1/public/info-pages/shipping': {
        page: 'shipping',
        lang: 'en',
        doc: { type: 'doc', content: [] },
      },
      'GET /api/v1/public/shipping/zones': [],
    });
    renderStorefront('/s/demo/info/shipping', {
      page: { ...PAGE, shop: { ...PAGE.shop, freeShippingOverMinor: 5_000 } },
    });
    expect(
      await screen.findByText(
        'Demo Shop offers free shipping on orders from $50.00: its cheapest shipping method is free, a faster one costs only the difference.',
      ),
    ).toBeInTheDocument();
  });
});
