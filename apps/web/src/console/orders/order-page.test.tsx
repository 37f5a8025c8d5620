import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TConsoleOrder, TConsoleOrderDetail } from '@linkstore/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../shared/test/fake-api';
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
import { FLAGGED_DETAIL, PAID_ORDER } from './test-orders';

const PAID: TConsoleOrder = PAID_ORDER;
const PAID_TOO: TConsoleOrder = { ...PAID, orderNo: 'LS261103-EEEEEEE1', shopName: 'Emil Shop', version: 0 };
const UNPAID: TConsoleOrder = { ...PAID, orderNo: 'LS261101-DDDDDDD1', status: 0, paidAt: null };
const DONE: TConsoleOrder = {
  ...PAID,
  orderNo: 'LS261099-DDDDDDD0',
  status: 2,
  shipment: {
    carrier: 'dhl',
    trackingNo: '1234567890',
    trackingUrl: 'https://www.dhl.com/x',
    shippedAt: '2026-11-03T10:00:00Z',
  },
};

/** The paid order's lines: the grey M was refunded whole by its line, one of two black L too. */
const line = FLAGGED_DETAIL.items[0]!;
const PAID_DETAIL: TConsoleOrderDetail = {
  ...FLAGGED_DETAIL,
  ...PAID,
  items: [
    {
      ...line,
      id: '31',
      title: 'Hoodie',
      variantLabel: 'L / Black',
      sku: 'HD-L-BLK',
      quantity: 2,
      refundedQuantity: 1,
    },
    {
      ...line,
      id: '32',
      title: 'Hoodie',
      variantLabel: 'M / Grey',
      sku: 'HD-M-GRY',
      quantity: 1,
      refundedQuantity: 1,
    },
    { ...line, id: '33', title: 'Mug', variantLabel: '', sku: 'LS-5', quantity: 1 },
  ],
};

function fakeApi(ship = () => ok({ shipped: 1 })) {
  return installFakeApi({
    'GET /api/v1/system/orders/LS261102-DDDDDDD2': () => ok(PAID_DETAIL),
    'GET /api/v1/system/orders/page': ({ url }) =>
      url.searchParams.get('cursor') === 'next'
        ? ok({ list: [DONE], total: 4, nextCursor: null })
        : ok({ list: [PAID, PAID_TOO, UNPAID], total: 4, nextCursor: 'next' }),
    'POST /api/v1/system/orders/ship': ship,
  });
}

afterEach(signOutOperator);

describe('ConsoleOrderPage', () => {
  it('lists every shop’s orders, filters them, loads more by cursor, and offers no shipping without its permission', async () => {
    signInOperator(['sys:order:query']);
    const api = fakeApi();
    await renderConsolePage(ConsoleOrderPage);
    const paid = await findRow('LS261102-DDDDDDD2');
    expect(paid).toHaveTextContent('Dora Shop');
    expect(paid).toHaveTextContent('Paid, in transit');
    expect(paid).toHaveTextContent('$19.98');
    expect(screen.queryByRole('button', { name: /Ship/ })).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await findRow('LS261099-DDDDDDD0')).toHaveTextContent('DHL 1234567890');
    expect(screen.getByText('No more orders')).toBeInTheDocument();

    const search = screen.getByRole('search');
    await user.type(within(search).getByLabelText('Buyer email'), 'pablo');
    await user.type(within(search).getByLabelText('Shop'), 'dora');
    await user.click(within(search).getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(lastQuery(api, 'GET /api/v1/system/orders/page')).toEqual({
        buyerEmail: 'pablo',
        shop: 'dora',
        pageSize: '20',
      }),
    );
  });

  it('gives no count while a search is answered: never "0 of 0" before the orders arrive', async () => {
    signInOperator(['sys:order:query']);
    let answer: (() => void) | undefined;
    installFakeApi({
      'GET /api/v1/system/orders/page': ({ url }) =>
        url.searchParams.get('buyerEmail')
          ? new Promise((resolve) => {
              answer = () => resolve(ok({ list: [PAID], total: 1, nextCursor: null }));
            })
          : ok({ list: [PAID, PAID_TOO, UNPAID], total: 3, nextCursor: null }),
    });
    await renderConsolePage(ConsoleOrderPage);
    expect(await screen.findByText('3 of 3 orders')).toBeInTheDocument();

    const user = userEvent.setup();
    const search = screen.getByRole('search');
    await user.type(within(search).getByLabelText('Buyer email'), 'pablo');
    await user.click(within(search).getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(answer).toBeDefined());
    expect(screen.queryByText(/ of \d+ orders$/)).toBeNull();

    answer?.();
    expect(await screen.findByText('1 of 1 orders')).toBeInTheDocument();
  });

  it('ships one paid order after checking the carrier and tracking number, and shows the server’s field errors', async () => {
    signInOperator(['sys:order:query', 'sys:order:ship']);
    let answer = fail('A0400', 'Not valid', {
      fields: [{ field: 'items.0.trackingNo', message: 'Tracking number refused by the server' }],
    });
    const api = fakeApi(() => answer);
    await renderConsolePage(ConsoleOrderPage);
    const user = userEvent.setup();
    const unpaid = await findRow('LS261101-DDDDDDD1');
    expect(within(unpaid).queryByRole('button', { name: /Ship order/ })).toBeNull();
    await user.click(
      within(await findRow('LS261102-DDDDDDD2')).getByRole('button', {
        name: 'Ship order LS261102-DDDDDDD2',
      }),
    );
    const dialog = await findDialog('Ship order LS261102-DDDDDDD2');
    // What is still to pack: refunded units left out, a line refunded whole not shown.
    const toPack = await within(dialog).findByRole('region', { name: 'To pack' });
    expect(
      within(toPack)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1 × Hoodie — L / Black [HD-L-BLK]', '1 × Mug [LS-5]']);
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(await within(dialog).findByText('Choose the carrier.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the tracking number.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: 'Carrier' }));
    await user.click(await screen.findByTitle('UPS'));
    await user.type(within(dialog).getByLabelText('Tracking number'), 'hello');
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(
      await within(dialog).findByText('This does not look like a UPS tracking number.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/system/orders/ship')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Tracking number'));
    await user.type(within(dialog).getByLabelText('Tracking number'), '1z999aa1 0123456784');
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(await within(dialog).findByText('Tracking number refused by the server')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/system/orders/ship')[0]?.body).toEqual({
      items: [{ orderNo: 'LS261102-DDDDDDD2', carrier: 'ups', trackingNo: '1Z999AA10123456784', version: 4 }],
    });

    answer = ok({ shipped: 1 });
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(await screen.findByText('Order LS261102-DDDDDDD2 marked shipped.')).toBeInTheDocument();
  });

  it('ships the selected paid orders in one request, a carrier and tracking number each', async () => {
    signInOperator(['sys:order:query', 'sys:order:ship']);
    const api = fakeApi(() => ok({ shipped: 2 }));
    await renderConsolePage(ConsoleOrderPage);
    const user = userEvent.setup();
    expect(await screen.findByRole('button', { name: /Ship selected \(0\)/ })).toBeDisabled();
    expect(within(await findRow('LS261101-DDDDDDD1')).getByRole('checkbox')).toBeDisabled();
    await user.click(within(await findRow('LS261102-DDDDDDD2')).getByRole('checkbox'));
    await user.click(within(await findRow('LS261103-EEEEEEE1')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /Ship selected \(2\)/ }));
    const dialog = await findDialog('Ship 2 orders');
    for (const [orderNo, carrier, trackingNo] of [
      ['LS261102-DDDDDDD2', 'DHL', '1234567890'],
      ['LS261103-EEEEEEE1', 'Other carrier', 'AB-99'],
    ] as const) {
      await user.click(within(dialog).getByRole('combobox', { name: `Carrier ${orderNo}` }));
      const options = await screen.findAllByTitle(carrier);
      await user.click(options.at(-1) as HTMLElement);
      await user.type(within(dialog).getByLabelText(`Tracking number ${orderNo}`), trackingNo);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(await screen.findByText('2 orders marked shipped.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/system/orders/ship')[0]?.body).toEqual({
      items: [
        { orderNo: 'LS261102-DDDDDDD2', carrier: 'dhl', trackingNo: '1234567890', version: 4 },
        { orderNo: 'LS261103-EEEEEEE1', carrier: 'other', trackingNo: 'AB-99', version: 0 },
      ],
    });
  });
});
