import {
  CASE_MESSAGE_MAX,
  CASE_PHOTOS_MAX,
  CASE_REASONS,
  casesRoutes,
  IMAGE_CONTENT_TYPES,
  IMAGE_MAX_BYTES,
  type TBuyerCases,
  type TBuyerOrder,
} from '@linkstore/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import enMessages from '../../locales/en/storefront.json';
import { createTranslate } from '../i18n';
import { StorefrontContext, type TStorefront } from '../storefront-context';
import {
  BuyerCases,
  casesPath,
  checkPhotos,
  MESSAGE_MAX,
  PHOTO_MAX_BYTES,
  PHOTO_TYPES,
  PHOTOS_MAX,
  REASONS,
  replyPath,
  ReportProblem,
} from './report-problem';

const TOKEN = `k3j9q-t1a2b3.${'Ab_-9'.repeat(9)}`;
const CASES_PATH = casesRoutes.buyerCases.path.replace(':token', TOKEN);

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

const ORDER = { stage: 'shipped', orderNo: 'LS261122-K3J9Q2ZD' } as TBuyerOrder;

const LONG_AGO = '2020-01-01T00:00:00.000Z';
const LINES: TBuyerCases['lines'] = [
  { itemId: '11', title: 'Red mug', variantLabel: 'Large', imageUrl: null, quantity: 2, openCaseId: null },
  { itemId: '12', title: 'Cap', variantLabel: '', imageUrl: null, quantity: 1, openCaseId: '7' },
];
const CASE: TBuyerCases['cases'][number] = {
  id: '7',
  itemId: '12',
  title: 'Cap',
  variantLabel: '',
  reason: 'wrong_size',
  status: 'waiting_for_buyer',
  resolution: null,
  reshipOrderNo: null,
  openedAt: '2026-11-02T10:00:00.000Z',
  resolvedAt: null,
  events: [
    { kind: 'opened', at: '2026-11-02T10:00:00.000Z', byBuyer: true, message: 'Too small', photoCount: 1 },
    { kind: 'asked', at: '2026-11-03T10:00:00.000Z', byBuyer: false, message: 'Which size?', photoCount: 0 },
  ],
};
const CASES: TBuyerCases = { refusal: null, notReceivedFrom: LONG_AGO, lines: LINES, cases: [CASE] };

interface Sent {
  method: string;
  path: string;
  lang: string | undefined;
  form: FormData | undefined;
}

/** The server: GET answers `cases`, a POST answers `posted` (or refuses with `refusal`). */
function server(
  cases: TBuyerCases,
  posted: TBuyerCases = cases,
  refusal?: { status: number; body: unknown },
) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    sent.push({
      method,
      path: new URL(input, window.location.origin).pathname,
      lang: (init?.headers as Record<string, string> | undefined)?.lang,
      form: init?.body instanceof FormData ? init.body : undefined,
    });
    if (method === 'POST' && refusal) return Response.json(refusal.body, { status: refusal.status });
    return Response.json({ code: 1, msg: '', data: method === 'GET' ? cases : posted });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, sent };
}

const renderReport = (order: TBuyerOrder = ORDER) =>
  render(
    <StorefrontContext.Provider value={storefront}>
      <ReportProblem token={TOKEN} order={order} />
    </StorefrontContext.Provider>,
  );

/** The report form of the red mug (the reply form on the page has fields of the same names). */
const mugForm = () => within(screen.getByRole('form', { name: 'A problem with Red mug — Large' }));

const photo = (name: string, type = 'image/png', size = 10) =>
  new File([new Uint8Array(size)], name, { type });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ReportProblem', () => {
  it('writes the contract’s values and paths out as they are', () => {
    expect(PHOTOS_MAX).toBe(CASE_PHOTOS_MAX);
    expect(MESSAGE_MAX).toBe(CASE_MESSAGE_MAX);
    expect(PHOTO_MAX_BYTES).toBe(IMAGE_MAX_BYTES);
    expect([...PHOTO_TYPES]).toEqual([...IMAGE_CONTENT_TYPES]);
    expect([...REASONS].sort()).toEqual([...CASE_REASONS].sort());
    expect(casesPath(TOKEN)).toBe(CASES_PATH);
    expect(casesRoutes.open.path.replace(':token', TOKEN)).toBe(CASES_PATH);
    expect(replyPath(TOKEN, '7')).toBe(
      casesRoutes.reply.path.replace(':token', TOKEN).replace(':caseId', '7'),
    );
  });

  it('shows nothing and asks nothing before the order shipped', () => {
    const { fetch } = server(CASES);
    const { container } = renderReport({ ...ORDER, stage: 'in_production' });
    expect(container).toBeEmptyDOMElement();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('offers a report per line without an open case, and lists the cases', async () => {
    const { sent } = server(CASES);
    renderReport();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Something wrong with your order?' }),
    ).toBeVisible();
    expect(sent[0]).toMatchObject({ method: 'GET', path: CASES_PATH, lang: 'en' });
    expect(screen.getByRole('button', { name: 'Report a problem with Red mug — Large' })).toHaveClass(
      'sf-button',
    );
    // The cap has an open case: no second report, it says where to look.
    expect(screen.queryByRole('button', { name: /Cap/ })).not.toBeInTheDocument();
    expect(screen.getByText('Problem reported: see your reports below.')).toBeVisible();
    const list = screen.getByRole('region', { name: 'Your reports' });
    expect(within(list).getByRole('heading', { level: 3, name: 'Cap' })).toBeVisible();
    expect(within(list).getByText('Too small')).toBeVisible();
    expect(within(list).getByText('Which size?')).toBeVisible();
    expect(within(list).getByText('1 photo')).toBeVisible();
  });

  it('checks the form before sending, each error tied to its field', async () => {
    const { sent } = server(CASES);
    renderReport();
    fireEvent.click(await screen.findByRole('button', { name: 'Report a problem with Red mug — Large' }));
    const form = mugForm();
    fireEvent.click(form.getByRole('button', { name: 'Send the report' }));
    const reason = form.getByLabelText('What is wrong?');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription('Please choose what is wrong.');
    expect(reason).toHaveFocus();
    expect(form.getByLabelText('Tell us what happened')).toHaveAccessibleDescription(
      'Please tell us what happened.',
    );
    const photos = form.getByLabelText('Photos (up to 3, optional)');
    expect(photos).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/gif');
    fireEvent.change(photos, {
      target: { files: [photo('a.png'), photo('b.png'), photo('c.png'), photo('d.png')] },
    });
    expect(photos).toHaveAccessibleDescription(
      'Up to 3 photos: JPEG, PNG, WebP or GIF, at most 2 MB each. Please choose at most 3 photos.',
    );
    expect(sent.filter((s) => s.method === 'POST')).toEqual([]);
  });

  it('keeps "not received" until the delivery estimate has passed', async () => {
    server({ ...CASES, notReceivedFrom: '2999-01-01T00:00:00.000Z' });
    renderReport();
    fireEvent.click(await screen.findByRole('button', { name: 'Report a problem with Red mug — Large' }));
    expect(screen.getByRole('option', { name: 'Not received' })).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Damaged' })).toBeEnabled();
    expect(screen.getByLabelText('What is wrong?')).toHaveAccessibleDescription(
      '“Not received” can be chosen from January 1, 2999, once the delivery estimate has passed.',
    );
  });

  it('sends the line, the reason, the message and the photos, then shows the new case', async () => {
    const opened: TBuyerCases = {
      ...CASES,
      lines: [{ ...LINES[0]!, openCaseId: '8' }, LINES[1]!],
      cases: [
        {
          ...CASE,
          id: '8',
          itemId: '11',
          title: 'Red mug',
          variantLabel: 'Large',
          reason: 'damaged',
          status: 'new',
          events: [
            {
              kind: 'opened',
              at: '2026-11-05T10:00:00.000Z',
              byBuyer: true,
              message: 'Cracked',
              photoCount: 2,
            },
          ],
        },
        CASE,
      ],
    };
    const { sent } = server(CASES, opened);
    renderReport();
    fireEvent.click(await screen.findByRole('button', { name: 'Report a problem with Red mug — Large' }));
    const form = mugForm();
    fireEvent.change(form.getByLabelText('What is wrong?'), { target: { value: 'damaged' } });
    fireEvent.change(form.getByLabelText('Tell us what happened'), { target: { value: '  Cracked  ' } });
    fireEvent.change(form.getByLabelText('Photos (up to 3, optional)'), {
      target: { files: [photo('one.jpg', 'image/jpeg'), photo('two.png')] },
    });
    fireEvent.click(form.getByRole('button', { name: 'Send the report' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Thank you: we received your report and mailed you a confirmation.',
    );
    const post = sent.find((s) => s.method === 'POST');
    expect(post).toMatchObject({ path: CASES_PATH, lang: 'en' });
    expect(post?.form?.get('itemId')).toBe('11');
    expect(post?.form?.get('reason')).toBe('damaged');
    expect(post?.form?.get('message')).toBe('Cracked');
    expect(post?.form?.getAll('photos').map((file) => (file as File).name)).toEqual(['one.jpg', 'two.png']);
    expect(screen.queryByRole('button', { name: /Report a problem/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Red mug — Large' })).toBeVisible();
  });

  it('shows the server’s refusal of a photo on the photos field', async () => {
    server(CASES, CASES, {
      status: 415,
      body: {
        code: 'A0415',
        msg: 'This file is not an image.',
        data: { fields: [{ field: 'photos.0', message: 'This file is not an image.' }] },
      },
    });
    renderReport();
    fireEvent.click(await screen.findByRole('button', { name: 'Report a problem with Red mug — Large' }));
    const form = mugForm();
    fireEvent.change(form.getByLabelText('What is wrong?'), { target: { value: 'wrong_item' } });
    fireEvent.change(form.getByLabelText('Tell us what happened'), { target: { value: 'A cap, not a mug' } });
    fireEvent.change(form.getByLabelText('Photos (up to 3, optional)'), {
      target: { files: [photo('x.png')] },
    });
    fireEvent.click(form.getByRole('button', { name: 'Send the report' }));
    await waitFor(() =>
      expect(form.getByLabelText('Photos (up to 3, optional)')).toHaveAccessibleDescription(
        'Up to 3 photos: JPEG, PNG, WebP or GIF, at most 2 MB each. This file is not an image.',
      ),
    );
    expect(form.getByLabelText('Photos (up to 3, optional)')).toHaveAttribute('aria-invalid', 'true');
    // The form stays, with what was typed.
    expect(form.getByLabelText('Tell us what happened')).toHaveValue('A cap, not a mug');
  });

  it('answers a question from the shop with a message and photos', async () => {
    const answered: TBuyerCases = {
      ...CASES,
      cases: [
        {
          ...CASE,
          status: 'new',
          events: [
            ...CASE.events,
            {
              kind: 'replied',
              at: '2026-11-04T10:00:00.000Z',
              byBuyer: true,
              message: 'Size M',
              photoCount: 1,
            },
          ],
        },
      ],
    };
    const { sent } = server(CASES, answered);
    renderReport();
    const list = await screen.findByRole('region', { name: 'Your reports' });
    expect(within(list).getByText('We asked you a question: please answer below.')).toBeVisible();
    fireEvent.change(within(list).getByLabelText('Your answer'), { target: { value: 'Size M' } });
    fireEvent.change(within(list).getByLabelText('Photos (up to 3, optional)'), {
      target: { files: [photo('label.jpg', 'image/jpeg')] },
    });
    fireEvent.click(within(list).getByRole('button', { name: 'Send the answer' }));
    // The answer: the case is the shop's again, with the reply as its last step.
    expect(await within(list).findByText('We are looking at it.')).toBeVisible();
    expect(within(list).getByText('Your answer')).toBeVisible();
    const post = sent.find((s) => s.method === 'POST');
    expect(post?.path).toBe(replyPath(TOKEN, '7'));
    expect(post?.form?.get('message')).toBe('Size M');
    expect(post?.form?.getAll('photos')).toHaveLength(1);
    expect(within(list).queryByRole('button', { name: 'Send the answer' })).not.toBeInTheDocument();
  });

  it('lists the cases on its own (BuyerCases) and tells a reship by its order', async () => {
    server({
      ...CASES,
      refusal: 'refunded',
      cases: [{ ...CASE, status: 'resolved', resolution: 'reship', reshipOrderNo: 'LS261130-ABCDEFGH' }],
    });
    render(
      <StorefrontContext.Provider value={storefront}>
        <BuyerCases token={TOKEN} />
      </StorefrontContext.Provider>,
    );
    expect(
      await screen.findByText('Resolved: we are sending it again as order LS261130-ABCDEFGH.'),
    ).toBeVisible();
  });
});

describe('checkPhotos', () => {
  it('refuses more than 3, anything but an image and anything over 2 MB', () => {
    expect(checkPhotos([])).toBeNull();
    expect(checkPhotos([photo('a.webp', 'image/webp'), photo('b.gif', 'image/gif')])).toBeNull();
    expect(checkPhotos([1, 2, 3, 4].map((n) => photo(`${n}.png`)))).toEqual({ kind: 'tooMany' });
    expect(checkPhotos([photo('x.svg', 'image/svg+xml')])).toEqual({ kind: 'notAnImage', name: 'x.svg' });
    expect(checkPhotos([{ name: 'big.jpg', type: 'image/jpeg', size: IMAGE_MAX_BYTES + 1 }])).toEqual({
      kind: 'tooLarge',
      name: 'big.jpg',
    });
  });
});
