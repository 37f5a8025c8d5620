import { buyerOrderRoutes, ErrorCode } from '@linkstore/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchRoute } from '../router';
import { renderStorefront, stubApi } from '../test-support';
import { findOrderApi, validateFindOrder } from './find-order-page';

const PATH = '/api/v1/public/orders/find';
const SENT =
  'If an order with that number was bought with that address, we have mailed its link to it. Check your inbox (and spam folder).';

/** A fetch refusing the find request with `status` and the envelope `answer`. */
function refuseFind(status: number, answer: { code: string; msg: string; data: unknown }) {
  const fetch = vi.fn(async () => Response.json(answer, { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function fill(orderNo: string, email: string) {
  fireEvent.change(screen.getByLabelText('Order number'), { target: { value: orderNo } });
  fireEvent.change(screen.getByLabelText('Email address'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Mail me the link' }));
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Find my order', () => {
  it('is the route of /orders/find, calls the contract’s path and is linked from every shop page', async () => {
    expect(matchRoute('/s/demo/orders/find', '/s/demo')).toEqual({ name: 'findOrder' });
    const fetch = stubApi({});
    await findOrderApi.find({ orderNo: 'LS1234', email: 'a@b.co' }).catch(() => undefined);
    expect(String(fetch.mock.lastCall?.[0])).toBe(buyerOrderRoutes.find.path);

    renderStorefront('/s/demo');
    const footer = within(screen.getByRole('navigation', { name: 'Shop information' }));
    fireEvent.click(footer.getByRole('link', { name: 'Find my order' }));
    expect(window.location.pathname).toBe('/s/demo/orders/find');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find my order' })).toBeInTheDocument();
  });

  it('checks both fields before sending', () => {
    expect(validateFindOrder({ orderNo: ' ', email: '' })).toEqual({
      orderNo: 'required',
      email: 'required',
    });
    expect(validateFindOrder({ orderNo: 'LS 12', email: 'nobody' })).toEqual({
      orderNo: 'orderNo',
      email: 'email',
    });
    expect(validateFindOrder({ orderNo: ' ls261122-k3j9q2zd ', email: ' Ana@Example.com ' })).toEqual({});
  });

  it('refuses an incomplete form with each field’s error tied to it, and sends nothing', async () => {
    const fetch = stubApi({ [`POST ${PATH}`]: { accepted: true } });
    renderStorefront('/s/demo/orders/find');
    await screen.findByRole('heading', { level: 1, name: 'Find my order' });
    fill('', 'not-an-address');

    const orderNo = screen.getByLabelText('Order number');
    expect(orderNo).toHaveAttribute('aria-invalid', 'true');
    expect(orderNo).toHaveAccessibleDescription(
      'It is in your confirmation mail, for example LS261122-K3J9Q2ZD. Please fill this in.',
    );
    expect(orderNo).toHaveFocus();
    const email = screen.getByLabelText('Email address');
    expect(email).toHaveAttribute('autocomplete', 'email');
    expect(email).toHaveAttribute('inputmode', 'email');
    expect(email).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(fetch).not.toHaveBeenCalled();

    // A field's error goes as soon as the field is right.
    fireEvent.change(orderNo, { target: { value: 'LS261122-K3J9Q2ZD' } });
    expect(screen.queryByText('Please fill this in.')).not.toBeInTheDocument();
  });

  it('sends what was typed, in any case, and answers every order alike without showing its link', async () => {
    const fetch = stubApi({ [`POST ${PATH}`]: { accepted: true } });
    renderStorefront('/s/demo/orders/find');
    await screen.findByRole('heading', { level: 1, name: 'Find my order' });
    fill('ls261122-k3j9q2zd', 'Ana@Example.COM');

    const status = await screen.findByText(SENT);
    expect(status.closest('[role="status"]')).not.toBeNull();
    expect(status).toHaveFocus();
    expect(JSON.parse(fetch.mock.lastCall?.[1]?.body as string)).toEqual({
      orderNo: 'ls261122-k3j9q2zd',
      email: 'Ana@Example.COM',
    });
    expect(screen.queryByRole('button', { name: 'Mail me the link' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /order\// })).not.toBeInTheDocument();

    // Another order, upper case: the very same answer.
    cleanup();
    stubApi({ [`POST ${PATH}`]: { accepted: true } });
    renderStorefront('/s/demo/orders/find');
    await screen.findByRole('heading', { level: 1, name: 'Find my order' });
    fill('LS000000-NOPE0000', 'someone@example.com');
    expect(await screen.findByText(SENT)).toBeInTheDocument();
  });

  it('shows the server’s field errors and its message when asked too often', async () => {
    refuseFind(400, {
      code: ErrorCode.VALIDATION_FAILED,
      msg: 'Some fields are not valid',
      data: { fields: [{ field: 'email', message: 'Enter an address that can receive mail' }] },
    });
    renderStorefront('/s/demo/orders/find');
    await screen.findByRole('heading', { level: 1, name: 'Find my order' });
    fill('LS261122-K3J9Q2ZD', 'ana@example.com');
    const email = screen.getByLabelText('Email address');
    await vi.waitFor(() =>
      expect(email).toHaveAccessibleDescription('Enter an address that can receive mail'),
    );
    expect(email).toHaveAttribute('aria-invalid', 'true');

    refuseFind(429, {
      code: ErrorCode.RATE_LIMITED,
      msg: 'Too many requests, please slow down and try again shortly.',
      data: null,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Mail me the link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests, please slow down and try again shortly.',
    );
    expect(screen.queryByText(SENT)).not.toBeInTheDocument();
  });

  it('says when the server could not be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    renderStorefront('/s/demo/orders/find');
    await screen.findByRole('heading', { level: 1, name: 'Find my order' });
    fill('LS261122-K3J9Q2ZD', 'ana@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No answer from the server. Check your connection and try again.',
    );
  });
});
