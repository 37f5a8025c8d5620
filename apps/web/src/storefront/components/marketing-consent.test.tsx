import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cartFor, PAYING_STORAGE_KEY } from '../cart';
import { leave } from '../router';
import { renderStorefront, stubApi } from '../test-support';

/** Shipping to Portugal, free: the pay button is on as soon as the quote is back. */
const QUOTE = {
  shippable: true,
  methods: [],
  shippingMethodId: null,
  itemsMinor: 1_999,
  discountMinor: 0,
  discountTaxMinor: 0,
  discountCode: null,
  shippingMinor: 0,
  shippingTaxMinor: 0,
  taxMinor: 0,
  totalMinor: 1_999,
  currencyCode: 'USD',
  tax: null,
  taxScheme: null,
};

/** The checkout filled in, paid with the box as `tick` leaves it; answers the request body. */
async function payWith(tick: boolean): Promise<Record<string, unknown>> {
  const cart = cartFor('demo');
  cart.clear();
  cart.add({ productId: '101', title: 'Teapot', imageUrl: null, priceMinor: 1999, stock: 5 }, 1);
  const fetch = stubApi({
    'POST /api/v1/public/checkout/quote': QUOTE,
    'POST /api/v1/public/checkout': {
      orderNo: 'LS261122-K3J9Q2ZD',
      totalMinor: 1999,
      currencyCode: 'USD',
      approveUrl: '/payauth?token=T1',
    },
  });
  const leaveTo = vi.spyOn(leave, 'to').mockImplementation(() => undefined);
  renderStorefront('/s/demo/checkout');
  const pay = await screen.findByRole('button', { name: 'Pay with PayPal' });
  const box = screen.getByRole('checkbox', { name: 'Email me news and offers from Demo Shop' });
  // Unticked until the buyer ticks it.
  expect(box).not.toBeChecked();
  if (tick) fireEvent.click(screen.getByText('Email me news and offers from Demo Shop'));
  expect(box).toHaveProperty('checked', tick);
  const type = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  type('Email for the confirmation', 'ana@example.com');
  type('Full name', 'Ana Lima');
  type('Address', '1 Main St');
  type('City', 'Lisbon');
  type('Postal code', '1000-001');
  fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'PT' } });
  await vi.waitFor(() => expect(pay).toBeEnabled());
  fireEvent.click(pay);
  await vi.waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/payauth?token=T1'));
  sessionStorage.removeItem(PAYING_STORAGE_KEY);
  const placing = fetch.mock.calls.filter(([url]) => String(url).endsWith('/public/checkout'));
  expect(placing).toHaveLength(1);
  return JSON.parse(placing[0]?.[1]?.body as string) as Record<string, unknown>;
}

afterEach(() => vi.restoreAllMocks());

describe('marketing consent at checkout', () => {
  it('is unticked and sent as not given unless the buyer ticks it', async () => {
    expect(await payWith(false)).toMatchObject({ email: 'ana@example.com', marketingConsent: false });
  });

  it('is sent as given once ticked (the whole sentence is the tap target)', async () => {
    expect(await payWith(true)).toMatchObject({ email: 'ana@example.com', marketingConsent: true });
  });

  it('sits under the email, its row a 44 px target', async () => {
    stubApi({ 'POST /api/v1/public/checkout/quote': QUOTE });
    const cart = cartFor('demo');
    cart.clear();
    cart.add({ productId: '101', title: 'Teapot', imageUrl: null, priceMinor: 1999, stock: 5 }, 1);
    renderStorefront('/s/demo/checkout');
    const box = await screen.findByRole('checkbox', { name: 'Email me news and offers from Demo Shop' });
    const row = box.closest('label');
    expect(row).toHaveClass('sf-check');
    // In the contact part, right after the email field.
    const contact = screen.getByRole('group', { name: 'Contact' });
    expect(contact).toContainElement(row);
    expect(screen.getByLabelText('Email for the confirmation').compareDocumentPosition(box)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });
});
