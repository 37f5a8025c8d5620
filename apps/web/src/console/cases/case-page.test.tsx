import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TConsoleCase, TConsoleCaseDetail } from '@linkstore/contract';
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
import CasePage from './case-page';
import { ageHours } from './case-parts';

const HOUR = 60 * 60_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR - 60_000).toISOString();

const ROW: TConsoleCase = {
  id: '12',
  orderNo: 'LS261122-K3J9Q2ZD',
  shopName: 'Ana Mugs',
  buyerEmail: 'bea@example.com',
  title: 'Red mug',
  variantLabel: 'Large',
  quantity: 2,
  reason: 'damaged',
  status: 'new',
  resolution: null,
  photoCount: 0,
  openedAt: hoursAgo(50),
  updatedAt: hoursAgo(50),
  resolvedAt: null,
};
const FRESH: TConsoleCase = {
  ...ROW,
  id: '13',
  orderNo: 'LS261123-AAAAAAAA',
  shopName: 'Bo Caps',
  openedAt: hoursAgo(5),
};

const DETAIL: TConsoleCaseDetail = {
  ...ROW,
  language: 'es',
  message: 'It arrived broken.',
  order: {
    orderNo: ROW.orderNo,
    status: 1,
    currencyCode: 'USD',
    totalMinor: 2_500,
    refundedMinor: 0,
    shipment: { carrier: 'usps', trackingNo: '9400111', trackingUrl: null, shippedAt: hoursAgo(200) },
    deliveryMaxDays: 8,
    shippingAddress: {
      name: 'Bea',
      line1: '1 Main St',
      city: 'Austin',
      postalCode: '73301',
      countryCode: 'US',
    },
  },
  line: { itemId: '55', sku: 'MUG-L', quantity: 2, sellingUnitMinor: 1_250, refundableUnits: 2 },
  events: [
    {
      kind: 'opened',
      at: ROW.openedAt,
      actor: null,
      byBuyer: true,
      message: 'It arrived broken.',
      photoIds: [],
    },
  ],
  resolutionNote: '',
  resolvedBy: null,
  refund: null,
  reshipOrderNo: null,
};

function fakeApi() {
  return installFakeApi({
    'GET /api/v1/system/cases': () => ok({ list: [ROW, FRESH], total: 2 }),
    'GET /api/v1/system/cases/12': () => ok(DETAIL),
  });
}

afterEach(signOutOperator);

describe('CasePage', () => {
  it('counts a case’s age in whole hours, until now or until it was resolved', () => {
    const now = new Date('2026-11-03T12:30:00Z');
    expect(ageHours('2026-11-03T07:00:00Z', now)).toBe(5);
    expect(ageHours('2026-11-01T10:00:00Z', now)).toBe(50);
    expect(ageHours('2026-11-04T10:00:00Z', now)).toBe(0);
  });

  it('lists the open cases first with their age, new ones by default, and filters by status', async () => {
    signInOperator(['sys:order:case']);
    const api = fakeApi();
    await renderConsolePage(CasePage);
    expect(await screen.findByRole('heading', { name: 'Cases' })).toBeInTheDocument();
    const late = await findRow('Ana Mugs');
    expect(late).toHaveTextContent('LS261122-K3J9Q2ZD');
    expect(late).toHaveTextContent('Red mug — Large');
    expect(late).toHaveTextContent('Damaged');
    expect(late).toHaveTextContent('New');
    // Past 48 hours: overdue (red).
    expect(within(late).getByText('2d 2h')).toHaveClass('ant-tag-error');
    expect(within(await findRow('Bo Caps')).getByText('5h')).not.toHaveClass('ant-tag-error');
    expect(lastQuery(api, 'GET /api/v1/system/cases')).toMatchObject({ status: 'new', pageNum: '1' });

    const user = userEvent.setup();
    const search = screen.getByRole('search');
    await user.click(within(search).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByTitle('Waiting for the buyer'));
    await user.click(within(search).getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(lastQuery(api, 'GET /api/v1/system/cases')).toMatchObject({ status: 'waiting_for_buyer' }),
    );
  });

  it('opens a case with its order, line, message and history, and refunds units of the line', async () => {
    signInOperator(['sys:order:case']);
    const api = fakeApi();
    api.on('POST /api/v1/system/cases/12/refund', () =>
      ok({
        ...DETAIL,
        status: 'resolved',
        resolution: 'refund',
        refund: { id: '3', amountMinor: 1_250, status: 'completed', profitReversedMinor: 450 },
      }),
    );
    await renderConsolePage(CasePage);
    const user = userEvent.setup();
    await user.click(
      within(await findRow('Ana Mugs')).getByRole('button', {
        name: 'Open case 12 of order LS261122-K3J9Q2ZD',
      }),
    );
    const drawer = await findDialog('Case 12');
    expect(await within(drawer).findAllByText('It arrived broken.')).not.toHaveLength(0);
    expect(drawer).toHaveTextContent('2 × Red mug — Large (SKU MUG-L), $12.50 each');
    expect(drawer).toHaveTextContent('bea@example.com');
    expect(drawer).toHaveTextContent('Reported by the buyer');
    for (const name of ['Ask the buyer', 'Reship', 'Refund', 'Decline']) {
      expect(within(drawer).getByRole('button', { name })).toBeInTheDocument();
    }

    await user.click(within(drawer).getByRole('button', { name: 'Refund' }));
    const dialog = await findDialog('Refund the line of case 12');
    const units = within(dialog).getByLabelText('Units (at most 2)');
    expect(units).toHaveValue('2');
    await user.clear(units);
    await user.type(units, '1');
    await user.type(within(dialog).getByLabelText('Note to the buyer (optional, in the mail)'), 'Sorry!');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Case 12 resolved: the refund was sent.')).toBeInTheDocument();
    const [call] = api.callsTo('POST /api/v1/system/cases/12/refund');
    expect(call?.body).toEqual({ quantity: 1, note: 'Sorry!' });
    expect(call?.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('declines only with a reason, and shows a refusal in the dialog', async () => {
    signInOperator(['sys:order:case']);
    const api = fakeApi();
    api.on('POST /api/v1/system/cases/12/decline', () =>
      fail('A0712', 'This case was resolved already. Reload it. Nothing was changed.', null, 409),
    );
    await renderConsolePage(CasePage);
    const user = userEvent.setup();
    await user.click(
      within(await findRow('Ana Mugs')).getByRole('button', {
        name: 'Open case 12 of order LS261122-K3J9Q2ZD',
      }),
    );
    const drawer = await findDialog('Case 12');
    await user.click(await within(drawer).findByRole('button', { name: 'Decline' }));
    const dialog = await findDialog('Decline case 12');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText('Please give the reason.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/system/cases/12/decline')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'No damage on the photos.');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(
      await within(dialog).findByText('This case was resolved already. Reload it. Nothing was changed.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/system/cases/12/decline')[0]?.body).toEqual({
      reason: 'No damage on the photos.',
    });
  });

  it('shows no actions to an operator without sys:order:case', async () => {
    signInOperator(['sys:order:query']);
    fakeApi();
    await renderConsolePage(CasePage);
    await findRow('Ana Mugs');
    expect(screen.queryByRole('button', { name: /Open case/ })).toBeNull();
  });
});
