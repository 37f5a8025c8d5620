import { screen, waitFor } from '@testing-library/react';
import { casesRoutes, type TCreatorCase } from '@linkstore/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, fail, ok } from '../../shared/test/fake-api';
import { routeKey } from '../../shared/http/call-route';
import { renderWithApp } from '../../shared/test/render-with-app';
import { OrderCases } from './order-cases';

const BASE: TCreatorCase = {
  id: '12',
  title: 'Blue mug',
  variantLabel: 'Large',
  reason: 'damaged',
  status: 'resolved',
  resolution: 'refund',
  openedAt: '2026-11-05T10:00:00Z',
  resolvedAt: '2026-11-06T10:00:00Z',
  declineReason: null,
  refund: { amountMinor: 1_250, status: 'completed', profitReversedMinor: 450, currencyCode: 'USD' },
  reshipOrderNo: null,
};

function renderCases(answer: ReturnType<typeof ok>) {
  const api = createFakeApi({ 'GET /api/v1/cases/by-order/LS261105-AAAAAAA2': () => answer });
  vi.stubGlobal('fetch', api.fetch);
  return renderWithApp([{ path: '/order', element: <OrderCases orderNo="LS261105-AAAAAAA2" /> }], '/order');
}

afterEach(() => vi.unstubAllGlobals());

describe('OrderCases', () => {
  it('shows each case of the order, how it ended and what it did to the profit', async () => {
    await renderCases(
      ok([
        BASE,
        {
          ...BASE,
          id: '13',
          title: 'Cap',
          variantLabel: '',
          reason: 'wrong_item',
          resolution: 'reship',
          refund: null,
          reshipOrderNo: 'LS261107-BBBBBBBB',
        },
        {
          ...BASE,
          id: '14',
          title: 'Tee',
          reason: 'not_received',
          status: 'waiting_for_buyer',
          resolution: null,
          refund: null,
          resolvedAt: null,
        },
      ]),
    );
    expect(await screen.findByText('Problems reported')).toBeInTheDocument();
    expect(screen.getByText('Refunded $12.50: your profit -$4.50')).toBeInTheDocument();
    expect(screen.getByText('Sent again as order LS261107-BBBBBBBB, at no cost to you')).toBeInTheDocument();
    expect(screen.getByText('Waiting for the buyer')).toBeInTheDocument();
    expect(screen.getAllByText(/Damaged|Wrong item|Not received/)).toHaveLength(3);
  });

  it('shows nothing when the order has no case, or the cases cannot be read (without a notice)', async () => {
    for (const answer of [ok([]), fail('A0404', 'Not found', null, 404)]) {
      const { queryClient, unmount } = await renderCases(answer);
      const key = [...routeKey(casesRoutes.byOrder), 'LS261105-AAAAAAA2'];
      await waitFor(() => expect(queryClient.getQueryState(key)?.status).toMatch(/success|error/));
      expect(screen.queryByText('Problems reported')).toBeNull();
      expect(screen.queryByText('Not found')).toBeNull();
      unmount();
    }
  });
});
