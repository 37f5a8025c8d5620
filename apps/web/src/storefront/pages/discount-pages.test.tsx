import type { TCheckoutQuote, TDiscountQuote, TOrderReceipt } from '@linkstore/contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { cartFor } from '../cart';
import { discountCodeFor } from '../discount-code';
import { leave } from '../router';
import { renderStorefront, stubApi } from '../test-support';

const NOTICE = 'Code SPRING20 will be applied at checkout.';

/** Portugal's quote for two teapots, VAT included, with what the code asked did. */
function quoteFor(body: { discountCode?: string }, discount: Partial<TDiscountQuote> = {}): TCheckoutQuote {
  const asked = body.discountCode
    ? { code: body.discountCode, refusal: null, minOrderMinor: null, capped: false, ...discount }
    : null;
  const applied = asked !== null && asked.refusal === null;
  const discountMinor = applied ? 400 : 0;
  const taxMinor = Math.round((3_998 - discountMinor) * 0.23);
  return {
    shippable: true,
    methods: [{ methodId: '7', name: 'Standard', costMinor: 0, minDays: 3, maxDays: 5, free: true }],
    shippingMethodId: '7',
    itemsMinor: 3_998,
    discountMinor,
    discountTaxMinor: applied ? 92 : 0,
    discountCode: applied ? asked.code : null,
    shippingMinor: 0,
    shippingTaxMinor: 0,
    taxMinor,
    totalMinor: 3_998 - discountMinor + taxMinor,
    currencyCode: 'USD',
    tax: { name: 'VAT', rateMicros: 230_000, inclusive: true },
    taxScheme: null,
    discount: asked,
  };
}

function cartWithTeapots() {
  const cart = cartFor('demo');
  cart.clear();
  cart.add({ productId: '101', title: 'Teapot', imageUrl: null, priceMinor: 1999, stock: 5 }, 2);
}

const rows = () => [...document.querySelectorAll('.sf-money-row')].map((row) => row.textContent);
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillAddress() {
  fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'PT' } });
  type('Email for the confirmation', 'Ana@Example.com');
  type('Full name', 'Ana Lima');
  type('Address', '1 Main St');
  type('City', 'Lisbon');
  type('Postal code', '1000-001');
}

describe('discount codes in the storefront', () => {
  it('keeps a shared link’s code through the shop, the cart and a reload; the notice hides', async () => {
    cartWithTeapots();
    stubApi({});
    renderStorefront('/s/demo/cart?code=spring20');
    expect(await screen.findByText(NOTICE)).toBeInTheDocument();
    cleanup();

    // Reloaded without the code in the address: still kept.
    renderStorefront('/s/demo');
    expect(await screen.findByText(NOTICE)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
    cleanup();
    renderStorefront('/s/demo/cart');
    expect(await screen.findByRole('heading', { name: 'Your cart' })).toBeInTheDocument();
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
    expect(discountCodeFor('demo').kept()?.code).toBe('SPRING20');
    cleanup();

    // Junk is no code: the kept one stays.
    renderStorefront('/s/demo?code=%3Cscript%3E');
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Shop' })).toBeInTheDocument();
    expect(discountCodeFor('demo').kept()?.code).toBe('SPRING20');
    expect(discountCodeFor('other').kept()).toBeNull();
  });

  it('checkout: pre-filled from the link, quoted with the code and email, the saving shown, placed with it', async () => {
    cartWithTeapots();
    const asked: { discountCode?: string; email?: string }[] = [];
    const fetch = stubApi({
      'POST /api/v1/public/checkout/quote': (body: { discountCode?: string }) => {
        asked.push(body);
        return quoteFor(body);
      },
      'POST /api/v1/public/checkout': {
        orderNo: 'LS261122-K3J9Q2ZD',
        totalMinor: 4_426,
        currencyCode: 'USD',
        approveUrl: '/payauth?token=T1',
      },
    });
    const leaveTo = vi.spyOn(leave, 'to').mockImplementation(() => undefined);
    renderStorefront('/s/demo/checkout?code=Spring20');

    const field = await screen.findByLabelText('Discount code');
    await vi.waitFor(() => expect(field).toHaveValue('SPRING20'));
    expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    fillAddress();
    // The saving, with the VAT it takes off (prices include it in Portugal).
    await vi.waitFor(() =>
      expect(rows()).toEqual([
        'Items$49.18',
        'Discount (SPRING20)−$4.92',
        'ShippingFree',
        'Total$44.26',
        'Includes VAT (23%)$8.28',
      ]),
    );
    await vi.waitFor(() =>
      expect(asked.at(-1)).toMatchObject({
        countryCode: 'PT',
        discountCode: 'SPRING20',
        email: 'ana@example.com',
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Pay with PayPal' }));
    await vi.waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/payauth?token=T1'));
    const placed = fetch.mock.calls.find(([url]) => String(url).endsWith('/public/checkout'));
    expect(JSON.parse(placed?.[1]?.body as string)).toMatchObject({ discountCode: 'SPRING20' });
    sessionStorage.clear();
  });

  it('checkout: says why a code does not apply, and places the order without it', async () => {
    cartWithTeapots();
    const asked: { discountCode?: string }[] = [];
    const fetch = stubApi({
      'POST /api/v1/public/checkout/quote': (body: { discountCode?: string }) => {
        asked.push(body);
        if (body.discountCode === 'BIGSPEND') {
          return quoteFor(body, { refusal: 'minimumNotReached', minOrderMinor: 5_000 });
        }
        if (body.discountCode === 'CAPPED') return quoteFor(body, { capped: true });
        return quoteFor(body, body.discountCode === 'OLD' ? { refusal: 'expired' } : {});
      },
      'POST /api/v1/public/checkout': {
        orderNo: 'LS261122-K3J9Q2ZD',
        totalMinor: 4_918,
        currencyCode: 'USD',
        approveUrl: '/payauth?token=T1',
      },
    });
    const leaveTo = vi.spyOn(leave, 'to').mockImplementation(() => undefined);
    renderStorefront('/s/demo/checkout');

    const field = await screen.findByLabelText('Discount code');
    expect(field).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    type('Discount code', 'old');
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(await screen.findByText('This code has expired.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(rows()).not.toContain('Discount (OLD)−$4.92');

    type('Discount code', 'no good!');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('This code does not exist.')).toBeInTheDocument();

    type('Discount code', 'capped');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(
      await screen.findByText('Part of the discount does not apply: some prices cannot go lower.'),
    ).toBeInTheDocument();

    type('Discount code', 'bigspend');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    // The minimum in the buyer's currency, as the summary shows amounts.
    expect(await screen.findByText('Spend $50.00 to use this code.')).toBeInTheDocument();
    expect(rows()[1]).toBe('ShippingFree');

    fillAddress();
    await vi.waitFor(() => expect(asked.at(-1)).toMatchObject({ countryCode: 'PT' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay with PayPal' }));
    await vi.waitFor(() => expect(leaveTo).toHaveBeenCalled());
    const placed = fetch.mock.calls.find(([url]) => String(url).endsWith('/public/checkout'));
    expect(JSON.parse(placed?.[1]?.body as string)).not.toHaveProperty('discountCode');

    // Removed: the next quote asks for no code.
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(field).toHaveValue('');
    await vi.waitFor(() => expect(asked.at(-1)).not.toHaveProperty('discountCode'));
    expect(discountCodeFor('demo').kept()).toBeNull();
    sessionStorage.clear();
  });

  it('checkout: a code refused as the order is placed is said on the field', async () => {
    cartWithTeapots();
    discountCodeFor('demo').keep('SPRING20');
    const api = stubApi({ 'POST /api/v1/public/checkout/quote': quoteFor });
    vi.stubGlobal('fetch', (input: string, init?: RequestInit) =>
      String(input).endsWith('/public/checkout')
        ? Response.json(
            {
              code: 'A0400',
              msg: 'Some fields are not valid: This code has been used up.',
              data: { fields: [{ field: 'discountCode', message: 'This code has been used up.' }] },
            },
            { status: 400 },
          )
        : api(input, init),
    );
    renderStorefront('/s/demo/checkout');
    await screen.findByLabelText('Discount code');
    fillAddress();
    await vi.waitFor(() => expect(rows()).toContain('Discount (SPRING20)−$4.92'));
    fireEvent.click(screen.getByRole('button', { name: 'Pay with PayPal' }));

    expect(await screen.findByText('This code has been used up.')).toBeInTheDocument();
    expect(screen.getByLabelText('Discount code')).toHaveFocus();
    expect(screen.getByLabelText('Discount code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    discountCodeFor('demo').keep(null);
  });

  it('the receipt names the code of its discount, and the code is no longer kept', async () => {
    discountCodeFor('demo').keep('SPRING20');
    const receipt: TOrderReceipt = {
      orderNo: 'LS261122-K3J9Q2ZD',
      status: 1,
      shop: { slug: 'demo', name: 'Demo Shop' },
      items: [
        {
          productId: '101',
          title: 'Teapot',
          variantLabel: '',
          imageUrl: null,
          quantity: 2,
          unitMinor: 1999,
          lineMinor: 3998,
        },
      ],
      totalMinor: 3_598 + 599,
      currencyCode: 'USD',
      money: {
        itemsMinor: 3_998,
        discountMinor: 400,
        discountTaxMinor: 0,
        discountCode: 'SPRING20',
        shippingMinor: 599,
        shippingTaxMinor: 0,
        taxMinor: 0,
        totalMinor: 3_598 + 599,
        currencyCode: 'USD',
        tax: null,
        taxScheme: null,
      },
      shipping: null,
      email: 'a***@example.com',
      createdAt: '2026-11-22T09:00:00Z',
      paidAt: '2026-11-22T09:01:00Z',
    };
    stubApi({ 'POST /api/v1/public/checkout/capture': receipt });
    renderStorefront('/payresult?order=LS261122-K3J9Q2ZD&token=T1', { page: null });

    expect(await screen.findByRole('heading', { name: 'Payment success' })).toBeInTheDocument();
    expect(rows()).toEqual(['Items$39.98', 'Discount (SPRING20)−$4.00', 'Shipping$5.99', 'Total$41.97']);
    expect(discountCodeFor('demo').kept()).toBeNull();
  });
});
