import { ErrorCode, type TReviewInvite } from '@linkstore/contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchRoute } from '../router';
import { renderStorefront, stubApi } from '../test-support';
import { ALREADY_REVIEWED, REVIEW_LINK_INVALID, validateReview } from './review-page';

const TOKEN = 'Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWpr';
const INVITE: TReviewInvite = {
  shop: { slug: 'demo', name: 'Demo Shop' },
  product: { id: '101', title: 'Teapot', imageUrl: '/teapot.png' },
  orderNo: 'LS261122-K3J9Q2ZD',
  reviewed: false,
  expiresAt: '2027-01-20T12:00:00.000Z',
};
const PATH = `/api/v1/public/review-invites/${TOKEN}`;

/** A fetch answering the invite, and the submit with `submitted` (a code refuses it). */
function stubReviewApi(
  invite: TReviewInvite | { code: string; msg: string },
  submitted?: { code: string; msg: string },
) {
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, window.location.origin);
    if (url.pathname !== PATH)
      return Response.json({ code: 'A0404', msg: 'Not found', data: null }, { status: 404 });
    const answer = init?.method === 'POST' ? submitted : 'code' in invite ? invite : undefined;
    if (answer) return Response.json({ ...answer, data: null }, { status: 409 });
    return Response.json({ code: 1, msg: '', data: init?.method === 'POST' ? null : invite });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the review page', () => {
  it('is the route of /review/<token> under the shop', () => {
    expect(matchRoute(`/s/demo/review/${TOKEN}`, '/s/demo')).toEqual({ name: 'review', token: TOKEN });
    expect(matchRoute('/s/demo/review/', '/s/demo')).toEqual({ name: 'notFound' });
    expect(matchRoute('/s/demo/review/a.b', '/s/demo')).toEqual({ name: 'notFound' });
  });

  it('knows the codes the server refuses with', () => {
    expect(REVIEW_LINK_INVALID).toBe(ErrorCode.REVIEW_LINK_INVALID);
    expect(ALREADY_REVIEWED).toBe(ErrorCode.ALREADY_REVIEWED);
  });

  it('validates stars, name and text', () => {
    expect(validateReview({ rating: 0, authorName: ' ', body: '' })).toEqual({
      rating: 'rating',
      authorName: 'required',
      body: 'required',
    });
    expect(validateReview({ rating: 5, authorName: 'x'.repeat(65), body: 'y'.repeat(2001) })).toEqual({
      authorName: 'tooLong',
      body: 'tooLong',
    });
    expect(validateReview({ rating: 1, authorName: 'Ana', body: 'Fine' })).toEqual({});
  });

  it('shows the product, refuses an incomplete review, then sends stars, name and text', async () => {
    const fetch = stubReviewApi(INVITE);
    renderStorefront(`/s/demo/review/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Review your purchase' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Teapot')).toBeInTheDocument();
    expect(screen.getByText('Order LS261122-K3J9Q2ZD at Demo Shop')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Send review' }));
    expect(screen.getByText('Please choose from 1 to 5 stars.')).toBeInTheDocument();
    expect(screen.getAllByText('Please fill this in.')).toHaveLength(2);
    expect(fetch.mock.calls.filter((call) => call[1]?.method === 'POST')).toHaveLength(0);

    fireEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    // A field's error goes as soon as the field is right.
    expect(screen.queryByText('Please choose from 1 to 5 stars.')).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Your name, as shown with the review'), {
      target: { value: ' Ana ' },
    });
    fireEvent.change(screen.getByLabelText('Your review'), { target: { value: 'Pours well.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send review' }));

    expect(await screen.findByRole('heading', { name: 'Thank you for your review' })).toBeInTheDocument();
    const post = fetch.mock.calls.find((call) => call[1]?.method === 'POST');
    expect(JSON.parse(post?.[1]?.body as string)).toEqual({
      rating: 4,
      authorName: 'Ana',
      body: 'Pours well.',
    });
    expect(screen.getByRole('link', { name: 'See Teapot in the shop' })).toHaveAttribute(
      'href',
      '/s/demo/p/101',
    );
  });

  it("shows the server's refusal of a second review", async () => {
    stubReviewApi(INVITE, {
      code: ErrorCode.ALREADY_REVIEWED,
      msg: 'You have already reviewed this item. Thank you!',
    });
    renderStorefront(`/s/demo/review/${TOKEN}`);
    fireEvent.click(await screen.findByRole('radio', { name: '5 stars' }));
    fireEvent.change(screen.getByLabelText('Your name, as shown with the review'), {
      target: { value: 'Ana' },
    });
    fireEvent.change(screen.getByLabelText('Your review'), { target: { value: 'Again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have already reviewed this item. Thank you!',
    );
  });

  it('thanks a buyer who already reviewed with this link', async () => {
    stubReviewApi({ ...INVITE, reviewed: true });
    renderStorefront(`/s/demo/review/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'You have already reviewed this item' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send review' })).not.toBeInTheDocument();
  });

  it('says an unknown or expired link does not work, with the way back to the shop', async () => {
    stubReviewApi({
      code: ErrorCode.REVIEW_LINK_INVALID,
      msg: 'This review link is not valid or has expired.',
    });
    renderStorefront(`/s/demo/review/${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'This review link does not work' }),
    ).toBeInTheDocument();
    expect(screen.getByText('This review link is not valid or has expired.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/s/demo');
  });

  it('offers a retry when the page could not be loaded', async () => {
    stubApi({ [`GET ${PATH}`]: new Error('boom') });
    renderStorefront(`/s/demo/review/${TOKEN}`);
    expect(await screen.findByText('The review page could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
