import { ErrorCode, resumePaymentRoutes, type TResumeRefusal } from '@linkstore/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import enMessages from '../../locales/en/storefront.json';
import { PAYING_STORAGE_KEY } from '../cart';
import { createTranslate } from '../i18n';
import { SHOP_PATH_STORAGE_KEY } from '../pages/checkout-page';
import { leave } from '../router';
import { readStorage } from '../storage';
import { StorefrontContext, type TStorefront } from '../storefront-context';
import { ORDER_NOT_RESUMABLE, ORDERS_NOT_UNPAID, RESUME_HOLD_MINUTES, ResumePayment } from './resume-payment';

const TOKEN = `k3j9q-t1a2b3.${'Ab_-9'.repeat(9)}`;
const PATH = resumePaymentRoutes.resume.path.replace(':token', TOKEN);

const storefront: TStorefront = {
  basePath: '/s/demo',
  slug: 'demo',
  page: null,
  search: () => '',
  language: 'en',
  locale: 'en',
  t: createTranslate(enMessages, 'en'),
  setLanguage: () => undefined,
  currency: null,
  setCurrency: () => undefined,
  price: (minor: number) => `$${(minor / 100).toFixed(2)}`,
  usd: String,
  cart: null,
  events: null,
};

/** The server answering the resume with `status` and an envelope. */
function answer(status: number, envelope: { code: number | string; msg: string; data: unknown }) {
  const fetch = vi.fn(async (_input: string, _init?: RequestInit) => Response.json(envelope, { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderResume(onPaid?: () => void) {
  return render(
    <StorefrontContext.Provider value={storefront}>
      <ResumePayment token={TOKEN} {...(onPaid ? { onPaid } : {})} />
    </StorefrontContext.Provider>,
  );
}

const button = () => screen.getByRole('button', { name: 'Complete payment' });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('ResumePayment', () => {
  it('writes the contract’s codes and path out as they are', () => {
    expect(ORDER_NOT_RESUMABLE).toBe(ErrorCode.ORDER_NOT_RESUMABLE);
    expect(ORDERS_NOT_UNPAID).toBe(ErrorCode.ORDERS_NOT_UNPAID);
    expect(resumePaymentRoutes.resume.method).toBe('POST');
  });

  it('renews the hold and goes to pay, as the checkout does', async () => {
    const fetch = answer(200, {
      code: 1,
      msg: '',
      data: {
        orderNo: 'LS261122-K3J9Q2ZD',
        totalMinor: 4917,
        currencyCode: 'USD',
        approveUrl: '/payauth?token=T1',
      },
    });
    const leaveTo = vi.spyOn(leave, 'to').mockImplementation(() => undefined);
    renderResume();
    expect(
      screen.getByText(`Your items are held for you again for ${RESUME_HOLD_MINUTES} minutes while you pay.`),
    ).toBeVisible();
    fireEvent.click(button());
    // Once: a second tap while it is on its way sends nothing more.
    fireEvent.click(screen.getByRole('button', { name: 'Going to PayPal…' }));
    await vi.waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/payauth?token=T1'));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0])).toBe(PATH);
    expect(fetch.mock.calls[0]?.[1]?.method).toBe('POST');
    expect(readStorage(sessionStorage, SHOP_PATH_STORAGE_KEY)).toBe('/s/demo?lang=en');
    expect(readStorage(sessionStorage, PAYING_STORAGE_KEY)).toBe('LS261122-K3J9Q2ZD');
  });

  it('shows why it cannot be paid and links each product to order it again', async () => {
    const refusal: TResumeRefusal = {
      reason: 'stock',
      products: [
        { productId: '101', title: 'Teapot', url: 'https://shop.example/s/demo/p/101?lang=en' },
        { productId: '102', title: 'Kettle', url: 'https://shop.example/s/demo/p/102?lang=en' },
      ],
    };
    const message = 'Part of this order is no longer in stock, so it can no longer be paid.';
    answer(409, { code: ErrorCode.ORDER_NOT_RESUMABLE, msg: message, data: refusal });
    const leaveTo = vi.spyOn(leave, 'to').mockImplementation(() => undefined);
    renderResume();
    fireEvent.click(button());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('heading', { name: 'Order the products again' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Teapot' })).toHaveAttribute('href', refusal.products[0]?.url);
    expect(screen.getByRole('link', { name: 'Kettle' })).toHaveAttribute('href', refusal.products[1]?.url);
    expect(screen.queryByRole('button', { name: 'Complete payment' })).not.toBeInTheDocument();
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it('tells a buyer whose order was paid meanwhile, and lets the page show it', async () => {
    answer(409, { code: ErrorCode.ORDERS_NOT_UNPAID, msg: 'This order is already paid.', data: null });
    const onPaid = vi.fn();
    renderResume(onPaid);
    fireEvent.click(button());
    expect(await screen.findByRole('alert')).toHaveTextContent('This order is already paid.');
    expect(onPaid).toHaveBeenCalledTimes(1);
  });

  it('keeps the button for another try when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    renderResume();
    fireEvent.click(button());
    expect(await screen.findByRole('alert')).toHaveTextContent(storefront.t('common.networkError'));
    expect(button()).toBeEnabled();
  });
});
