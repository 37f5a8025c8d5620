import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TConsoleOrder, TConsoleOrderDetail } from '@linkstore/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, type TFakeHandler } from '../../shared/test/fake-api';
import {
  findDialog,
  findRow,
  installFakeApi,
  lastQuery,
  renderConsolePage,
  signInOperator,
  signOutOperator,
} from '../shared/test-support';
import ConsoleOrderPage from './order-page';
import { FLAGGED_DETAIL, FLAGGED_ORDER, PAID_ORDER } from './test-orders';

const PAID: TConsoleOrder = PAID_ORDER;
const FLAGGED: TConsoleOrder = FLAGGED_ORDER;
const DETAIL: TConsoleOrderDetail = FLAGGED_DETAIL;

function fakeApi(handlers: Record<string, TFakeHandler> = {}) {
  return installFakeApi({
    'GET /api/v1/system/orders/page': ({ url }) =>
      url.searchParams.get('flagged') === 'open'
        ? ok({ list: [FLAGGED], total: 1, nextCursor: null })
        : ok({ list: [PAID, FLAGGED], total: 2, nextCursor: null }),
    'GET /api/v1/system/orders/LS261103-FFFFFFF1': () => ok(DETAIL),
    ...handlers,
  });
}

const ALL = [
  'sys:order:query',
  'sys:order:ship',
  'sys:order:export',
  'sys:order:refund',
  'sys:order:resolve',
];

async function openDetail(orderNo: string) {
  const user = userEvent.setup();
  await user.click(within(await findRow(orderNo)).getByRole('button', { name: `Details ${orderNo}` }));
  return findDialog(`Order ${orderNo}`);
}

afterEach(() => {
  signOutOperator();
  vi.unstubAllGlobals();
});

describe('the flagged queue', () => {
  it('shows the open flags with their reasons and count, asking the server for flagged=open', async () => {
    signInOperator(['sys:order:query']);
    const api = fakeApi();
    await renderConsolePage(ConsoleOrderPage);
    const flagged = await findRow('LS261103-FFFFFFF1');
    expect(flagged).toHaveTextContent('Amount mismatch');
    expect(flagged).toHaveTextContent('Open');
    expect(flagged).toHaveTextContent('$5.00');
    const queue = screen.getByRole('radio', { name: /Flagged/ });
    await waitFor(() => expect(queue.closest('label')).toHaveTextContent('Flagged1'));

    const user = userEvent.setup();
    await user.click(queue);
    await waitFor(() =>
      expect(lastQuery(api, 'GET /api/v1/system/orders/page')).toEqual({ flagged: 'open', pageSize: '20' }),
    );
    await waitFor(() => expect(screen.queryByText('LS261102-DDDDDDD2')).toBeNull());
  });
});

describe('the detail drawer', () => {
  it('shows refunds, ledger rows, the history and the refundable amount', async () => {
    signInOperator(['sys:order:query']);
    fakeApi();
    await renderConsolePage(ConsoleOrderPage);
    const drawer = await openDetail('LS261103-FFFFFFF1');
    const refunds = await within(drawer).findByRole('region', { name: 'Refunds' });
    expect(within(refunds).getByRole('row', { name: /Scratched cup/ })).toHaveTextContent(
      '$5.00CompletedOperatorScratched cup · Stock returnedolga',
    );
    expect(within(drawer).getByRole('region', { name: 'Ledger' })).toHaveTextContent('Refund · -$2.50');
    const history = within(drawer).getByRole('region', { name: 'History' });
    expect(history).toHaveTextContent('Placed · System');
    expect(history).toHaveTextContent('Flagged · System');
    expect(history).toHaveTextContent('Amount mismatch');
    expect(history).toHaveTextContent('Refund requested · olga');
    expect(history).toHaveTextContent('$5.00');
    expect(drawer).toHaveTextContent('Refundable$14.98');
    // What the total is made of, and the creator's share of it.
    expect(drawer).toHaveTextContent('ChargesItems $19.98Shipping $0.00No tax chargedCreator’s profit $9.98');
    // Without the permissions: neither refund nor resolution.
    expect(within(drawer).queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Resolve flag' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Import tracking/ })).toBeNull();
  });

  it('names the discount code, what the creator’s free shipping paid and the EU import scheme', async () => {
    signInOperator(['sys:order:query']);
    fakeApi({
      'GET /api/v1/system/orders/LS261103-FFFFFFF1': () =>
        ok({
          ...DETAIL,
          profitMinor: 998 - 200 - 450,
          money: {
            ...DETAIL.money,
            discountMinor: 200,
            discountCode: 'SPRING10',
            creatorShippingMinor: 450,
            taxScheme: 'ioss',
          },
        }),
    });
    await renderConsolePage(ConsoleOrderPage);
    const drawer = await openDetail('LS261103-FFFFFFF1');
    expect(drawer).toHaveTextContent(
      'ChargesItems $19.98Discount (SPRING10) −$2.00Shipping $0.00' +
        "Shipping paid by the creator's free-shipping offer $4.50 (out of the profit)" +
        'No tax chargedEU import VAT collected at checkout (IOSS)Creator’s profit $3.48',
    );
  });
});

describe('the refund dialog', () => {
  it('sends the amount in cents with the version, shows the server’s refusal, and refreshes on success', async () => {
    signInOperator(ALL);
    let answer = fail('A0673', 'The refund is larger than what can still be refunded.');
    const api = fakeApi({ 'POST /api/v1/system/orders/refund': () => answer });
    await renderConsolePage(ConsoleOrderPage);
    const drawer = await openDetail('LS261103-FFFFFFF1');
    const user = userEvent.setup();
    await user.click(await within(drawer).findByRole('button', { name: 'Refund' }));
    const dialog = await findDialog('Refund order LS261103-FFFFFFF1');
    const amount = within(dialog).getByLabelText('Amount (USD)');
    expect(amount).toHaveValue('14.98');

    await user.clear(amount);
    await user.type(amount, '15');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('At most $14.98 can be refunded.')).toBeInTheDocument();
    expect(await within(dialog).findByText('Enter the reason.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '12,345');
    expect(await within(dialog).findByText('Enter an amount with at most 2 decimals.')).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '10.1');
    await user.click(within(dialog).getByRole('checkbox', { name: 'The goods came back (return to stock)' }));
    await user.type(within(dialog).getByLabelText('Reason'), ' Broken in transit ');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(
      await within(dialog).findByText('The refund is larger than what can still be refunded.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/system/orders/refund')[0]?.body).toEqual({
      orderNo: 'LS261103-FFFFFFF1',
      amountMinor: 1_010,
      restock: true,
      reason: 'Broken in transit',
      version: 7,
    });

    // A stale order offers a reload; the next request names the version read then.
    answer = fail('A0671', 'The order changed since you opened it.');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Reload the order' }));
    const detailCalls = api.callsTo('GET /api/v1/system/orders/LS261103-FFFFFFF1').length;
    expect(detailCalls).toBeGreaterThan(1);

    answer = ok({ ...DETAIL.refunds[0], id: '2', amountMinor: 1_010, status: 'pending' });
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(
      await screen.findByText('Refund of $10.10 asked for order LS261103-FFFFFFF1.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('GET /api/v1/system/orders/LS261103-FFFFFFF1').length).toBeGreaterThan(detailCalls),
    );
  });

  it('decimal input of a currency without minor units is whole units', async () => {
    signInOperator(ALL);
    const yen: TConsoleOrderDetail = { ...DETAIL, currencyCode: 'JPY', refundableMinor: 1_500 };
    const api = fakeApi({
      'GET /api/v1/system/orders/LS261103-FFFFFFF1': () => ok(yen),
      'POST /api/v1/system/orders/refund': () => ok({ ...DETAIL.refunds[0], currencyCode: 'JPY' }),
    });
    await renderConsolePage(ConsoleOrderPage);
    const drawer = await openDetail('LS261103-FFFFFFF1');
    const user = userEvent.setup();
    await user.click(await within(drawer).findByRole('button', { name: 'Refund' }));
    const dialog = await findDialog('Refund order LS261103-FFFFFFF1');
    expect(within(dialog).getByLabelText('Amount (JPY)')).toHaveValue('1500');
    await user.type(within(dialog).getByLabelText('Reason'), 'Late');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/v1/system/orders/refund')[0]?.body).toMatchObject({ amountMinor: 1_500 }),
    );
  });
});

/** An order of two hoodie lines, one unit of the first already refunded by line. */
const HOODIE_LINE = {
  productId: '12',
  title: 'Hoodie',
  imageUrl: null,
  platformUnitMinor: 1_500,
  profitUnitMinor: 1_000,
  discountMinor: 0,
};
const LINES: TConsoleOrderDetail = {
  ...DETAIL,
  totalMinor: 7_700,
  refundedMinor: 2_500,
  refundableMinor: 5_200,
  items: [
    {
      ...HOODIE_LINE,
      id: '31',
      variantLabel: 'M / Black',
      sku: 'HD-M-BLK',
      quantity: 2,
      sellingUnitMinor: 2_500,
      refundedQuantity: 1,
    },
    {
      ...HOODIE_LINE,
      id: '32',
      variantLabel: 'L / Black',
      sku: 'HD-L-BLK',
      quantity: 1,
      sellingUnitMinor: 2_700,
      platformUnitMinor: 1_600,
      refundedQuantity: 0,
    },
  ],
  refunds: [
    {
      id: '1',
      currencyCode: 'USD',
      status: 'completed',
      source: 'operator',
      restock: true,
      profitReversedMinor: 1_006,
      requestedBy: 'olga',
      failure: null,
      createdAt: '2026-11-03T10:00:00Z',
      completedAt: '2026-11-03T10:01:00Z',
      amountMinor: 2_500,
      reason: 'Too small',
      lines: [
        {
          itemId: '31',
          title: 'Hoodie',
          variantLabel: 'M / Black',
          sku: 'HD-M-BLK',
          quantity: 1,
          amountMinor: 2_500,
        },
      ],
    },
  ],
  history: [
    ...DETAIL.history.slice(0, 2),
    {
      action: 'refund_requested',
      actor: 'olga',
      detail: {
        refundId: '1',
        amountMinor: 2_500,
        restock: true,
        reason: 'Too small',
        lines: [
          {
            itemId: '31',
            title: 'Hoodie',
            variantLabel: 'M / Black',
            sku: 'HD-M-BLK',
            quantity: 1,
            amountMinor: 2_500,
          },
        ],
      },
      at: '2026-11-03T10:00:00Z',
    },
  ],
};

describe('the refund dialog by lines', () => {
  it('shows what each line had refunded, and refunds chosen lines: the amount computed, the refusal of a line under it', async () => {
    signInOperator(ALL);
    let answer = fail(
      'A0673',
      'At most 0 of Hoodie — M / Black can still be refunded. Nothing was refunded.',
      {
        fields: [
          {
            field: 'lines.0.quantity',
            message: 'At most 0 of Hoodie — M / Black can still be refunded. Nothing was refunded.',
          },
        ],
      },
    );
    const api = fakeApi({
      'GET /api/v1/system/orders/LS261103-FFFFFFF1': () => ok(LINES),
      'POST /api/v1/system/orders/refund': () => answer,
    });
    await renderConsolePage(ConsoleOrderPage);
    const drawer = await openDetail('LS261103-FFFFFFF1');
    // The order's lines say how many units were refunded; the refund and its history name its lines.
    const items = await within(drawer).findByRole('region', { name: 'Products' });
    expect(within(items).getByRole('row', { name: /M \/ Black/ })).toHaveTextContent('HD-M-BLK21');
    expect(within(drawer).getByRole('region', { name: 'Refunds' })).toHaveTextContent(
      'Too small · Stock returned1 × Hoodie — M / Black',
    );
    expect(within(drawer).getByRole('region', { name: 'History' })).toHaveTextContent(
      '$25.00 · 1 × Hoodie — M / Black · Too small',
    );

    const user = userEvent.setup();
    await user.click(within(drawer).getByRole('button', { name: 'Refund' }));
    const dialog = await findDialog('Refund order LS261103-FFFFFFF1');
    const amount = within(dialog).getByLabelText('Amount (USD)');
    expect(amount).toHaveValue('52.00');
    const medium = within(dialog).getByRole('checkbox', { name: /^Hoodie — M \/ Black/ });
    const large = within(dialog).getByRole('checkbox', { name: /^Hoodie — L \/ Black/ });
    expect(medium).toHaveAccessibleName('Hoodie — M / Black SKU HD-M-BLK · Bought: 2 · Refunded: 1');

    // One line: the amount is its paid price, shown and not typed.
    await user.click(large);
    expect(amount).toHaveValue('27.00');
    expect(amount).toHaveAttribute('readonly');
    expect(within(dialog).getByText('Chosen lines: $27.00')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'One more: Hoodie — L / Black' })).toBeDisabled();
    // The other line by its stepper: at most what is left of it (1 of 2).
    await user.click(within(dialog).getByRole('checkbox', { name: /^Hoodie — M \/ Black/ }));
    expect(
      within(dialog).getByRole('spinbutton', { name: 'Units to refund: Hoodie — M / Black' }),
    ).toHaveValue('1');
    expect(within(dialog).getByRole('button', { name: 'One more: Hoodie — M / Black' })).toBeDisabled();
    expect(amount).toHaveValue('52.00');

    await user.type(within(dialog).getByLabelText('Reason'), 'Returned');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    const lineError = await within(dialog).findAllByText(
      'At most 0 of Hoodie — M / Black can still be refunded. Nothing was refunded.',
    );
    expect(lineError.some((node) => node.closest('li')?.textContent?.includes('HD-M-BLK'))).toBe(true);
    expect(api.callsTo('POST /api/v1/system/orders/refund')[0]?.body).toEqual({
      orderNo: 'LS261103-FFFFFFF1',
      lines: [
        { itemId: '31', quantity: 1 },
        { itemId: '32', quantity: 1 },
      ],
      restock: false,
      reason: 'Returned',
      version: 7,
    });

    // Without the line refused: the rest is sent, the server's amount confirmed.
    answer = ok({ ...LINES.refunds[0], id: '2', amountMinor: 2_700, status: 'pending' });
    await user.click(within(dialog).getByRole('checkbox', { name: /^Hoodie — M \/ Black/ }));
    expect(amount).toHaveValue('27.00');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(
      await screen.findByText('Refund of $27.00 asked for order LS261103-FFFFFFF1.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/system/orders/refund')[1]?.body).toMatchObject({
      lines: [{ itemId: '32', quantity: 1 }],
    });
  });

  it('back to no line, the amount is typed again, up to what is refundable', async () => {
    signInOperator(ALL);
    const api = fakeApi({
      'GET /api/v1/system/orders/LS261103-FFFFFFF1': () => ok(LINES),
      'POST /api/v1/system/orders/refund': () =>
        ok({ ...LINES.refunds[0], id: '3', amountMinor: 1_000, lines: [] }),
    });
    await renderConsolePage(ConsoleOrderPage);
    const drawer = await openDetail('LS261103-FFFFFFF1');
    const user = userEvent.setup();
    await user.click(await within(drawer).findByRole('button', { name: 'Refund' }));
    const dialog = await findDialog('Refund order LS261103-FFFFFFF1');
    const amount = within(dialog).getByLabelText('Amount (USD)');
    // Chosen, then not: the amount is the maximum again, to type.
    await user.click(within(dialog).getByRole('checkbox', { name: /^Hoodie — L \/ Black/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^Hoodie — L \/ Black/ }));
    expect(amount).toHaveValue('52.00');
    expect(amount).not.toHaveAttribute('readonly');
    await user.clear(amount);
    await user.type(amount, '10');
    await user.type(within(dialog).getByLabelText('Reason'), 'Goodwill');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/v1/system/orders/refund')[0]?.body).toEqual({
        orderNo: 'LS261103-FFFFFFF1',
        amountMinor: 1_000,
        restock: false,
        reason: 'Goodwill',
        version: 7,
      }),
    );
  });
});

describe('the resolve-flag dialog', () => {
  it('sends the resolution, the note, restock with a refund, and the version', async () => {
    signInOperator(ALL);
    let answer = fail('A0675', 'This flag is not open any more.');
    const api = fakeApi({ 'POST /api/v1/system/orders/resolve-flag': () => answer });
    await renderConsolePage(ConsoleOrderPage);
    const drawer = await openDetail('LS261103-FFFFFFF1');
    const user = userEvent.setup();
    await user.click(await within(drawer).findByRole('button', { name: 'Resolve flag' }));
    const dialog = await findDialog('Resolve the flag of order LS261103-FFFFFFF1');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByText('Choose a resolution.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a note.')).toBeInTheDocument();
    expect(within(dialog).getByText('The captured amount goes back to the buyer.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: /^Refund/ }));
    await user.click(await within(dialog).findByRole('checkbox', { name: /return to stock/ }));
    await user.type(within(dialog).getByLabelText('Note'), 'Buyer paid twice');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByText('This flag is not open any more.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/system/orders/resolve-flag')[0]?.body).toEqual({
      orderNo: 'LS261103-FFFFFFF1',
      resolution: 'refund',
      note: 'Buyer paid twice',
      restock: true,
      version: 7,
    });

    answer = ok(null);
    await user.click(within(dialog).getByRole('radio', { name: /^Note only/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText('The flag of order LS261103-FFFFFFF1 is resolved.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/system/orders/resolve-flag')[1]?.body).toMatchObject({
      resolution: 'note',
      restock: false,
    });
  });
});

describe('the tracking import', () => {
  it('previews the shippable and refused rows, then ships them in one request', async () => {
    signInOperator(ALL);
    let shipAnswer = fail('A0671', 'Nothing was shipped.', {
      fields: [{ field: 'items.1.orderNo', message: 'Order LS261103-FFFFFFF1 changed since you opened it.' }],
    });
    const api = fakeApi({
      'POST /api/v1/system/orders/ship/import': () =>
        ok({
          items: [
            { orderNo: 'LS261102-DDDDDDD2', carrier: 'ups', trackingNo: '1Z999AA10123456784', version: 4 },
            { orderNo: 'LS261103-FFFFFFF1', carrier: 'royal-mail', trackingNo: 'AB123456789GB', version: 7 },
          ],
          messageList: [{ row: 4, message: 'Order LS999999-NOPE0001 does not exist' }],
        }),
      'POST /api/v1/system/orders/ship': () => shipAnswer,
    });
    await renderConsolePage(ConsoleOrderPage);
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole('button', { name: /Import tracking/ }));
    const dialog = await findDialog('Import tracking numbers');
    const fileInput = () => {
      const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
      if (!input) throw new Error('no file input');
      return input;
    };
    await user.upload(fileInput(), new File(['a,b'], 'tracking.csv', { type: 'text/csv' }));
    expect(await within(dialog).findByText('Choose an .xlsx file.')).toBeInTheDocument();
    await user.upload(fileInput(), new File(['xlsx'], 'tracking.xlsx'));
    await user.click(within(dialog).getByRole('button', { name: 'Read the file' }));

    expect(await within(dialog).findByText('Ready to ship: 2')).toBeInTheDocument();
    expect(await findRow('1Z999AA10123456784')).toHaveTextContent('LS261102-DDDDDDD2UPS');
    expect(await findRow('AB123456789GB')).toHaveTextContent('Royal Mail');
    expect(within(dialog).getByText('Refused rows: 1')).toBeInTheDocument();
    expect(within(dialog).getByText('Order LS999999-NOPE0001 does not exist')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/system/orders/ship')).toHaveLength(0);
    expect(api.callsTo('POST /api/v1/system/orders/ship/import')[0]?.body).toBeInstanceOf(FormData);

    await user.click(within(dialog).getByRole('button', { name: 'Ship 2 orders' }));
    expect(
      await within(dialog).findByText('Order LS261103-FFFFFFF1 changed since you opened it.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/system/orders/ship')[0]?.body).toEqual({
      items: [
        { orderNo: 'LS261102-DDDDDDD2', carrier: 'ups', trackingNo: '1Z999AA10123456784', version: 4 },
        { orderNo: 'LS261103-FFFFFFF1', carrier: 'royal-mail', trackingNo: 'AB123456789GB', version: 7 },
      ],
    });

    shipAnswer = ok({ shipped: 2 });
    await user.click(within(dialog).getByRole('button', { name: 'Ship 2 orders' }));
    expect(await screen.findByText('2 orders marked shipped.')).toBeInTheDocument();
  });

  it('exports the list as filtered, the flagged queue included', async () => {
    signInOperator(ALL);
    const api = fakeApi();
    const exports: URL[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
      if (url.pathname !== '/api/v1/system/orders/export') return api.fetch(input, init);
      exports.push(url);
      return new Response('xlsx-bytes', {
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': 'attachment; filename="orders-20261125.xlsx"',
        },
      });
    });
    const createObjectURL = vi.fn(() => 'blob:orders');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await renderConsolePage(ConsoleOrderPage);
    await findRow('LS261102-DDDDDDD2');
    const user = userEvent.setup();
    await user.type(within(screen.getByRole('search')).getByLabelText('Shop'), 'dora');
    await user.click(within(screen.getByRole('search')).getByRole('button', { name: /Search/ }));
    await user.click(screen.getByRole('radio', { name: /Flagged/ }));
    await user.click(screen.getByRole('button', { name: /Export/ }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(Object.fromEntries(exports[0]?.searchParams ?? [])).toEqual({ shop: 'dora', flagged: 'open' });
    click.mockRestore();
  });
});

describe('in production and the buyer’s own changes', () => {
  const STARTABLE: TConsoleOrderDetail = {
    ...DETAIL,
    flag: null,
    flagReason: null,
    history: [
      ...DETAIL.history.slice(0, 2),
      {
        action: 'address_changed',
        actor: null,
        detail: {
          previous: {
            name: 'Pablo',
            line1: '1 Old St',
            city: 'Porto',
            postalCode: '4000',
            countryCode: 'PT',
          },
        },
        at: '2026-11-02T11:00:00Z',
      },
    ],
  };

  it('marks a paid order in production with the version seen, and shows the buyer’s address change', async () => {
    signInOperator(['sys:order:query', 'sys:order:ship']);
    const api = fakeApi({
      'GET /api/v1/system/orders/LS261103-FFFFFFF1': () => ok(STARTABLE),
      'POST /api/v1/system/orders/production': () => ok({ version: 8 }),
    });
    await renderConsolePage(ConsoleOrderPage);
    const drawer = await openDetail('LS261103-FFFFFFF1');
    const history = await within(drawer).findByRole('region', { name: 'History' });
    expect(history).toHaveTextContent('Address changed · Buyer');
    expect(history).toHaveTextContent('Before: Pablo, 1 Old St, 4000, Porto, PT');

    const user = userEvent.setup();
    await user.click(within(drawer).getByRole('button', { name: 'Mark in production' }));
    await waitFor(() => expect(api.callsTo('POST /api/v1/system/orders/production')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/system/orders/production')[0]?.body).toEqual({
      orderNo: 'LS261103-FFFFFFF1',
      version: 7,
    });
    expect(
      await screen.findByText(/is in production: its buyer can no longer cancel it/),
    ).toBeInTheDocument();
  });

  it('offers it to no one without the ship permission, nor for an order already started or cancelled', async () => {
    signInOperator(['sys:order:query', 'sys:order:ship']);
    fakeApi({
      'GET /api/v1/system/orders/LS261103-FFFFFFF1': () =>
        ok({ ...STARTABLE, cancelledAt: '2026-11-02T12:00:00Z' } satisfies TConsoleOrderDetail),
    });
    await renderConsolePage(ConsoleOrderPage);
    const drawer = await openDetail('LS261103-FFFFFFF1');
    await within(drawer).findByRole('region', { name: 'History' });
    expect(within(drawer).queryByRole('button', { name: 'Mark in production' })).toBeNull();
    expect(within(drawer).getAllByText('Cancelled by the buyer')).not.toHaveLength(0);
  });
});
