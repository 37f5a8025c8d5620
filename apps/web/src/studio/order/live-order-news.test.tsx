import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  connectedHandlers,
  deliver,
  handlers,
  reconnect,
  renderListening as render,
} from '../../shared/test/realtime-mock';
import { LiveOrderNews } from './live-order-news';

vi.mock('../../shared/realtime/realtime', () => import('../../shared/test/realtime-mock'));

afterEach(() => {
  cleanup();
  handlers.clear();
  connectedHandlers.clear();
});

describe('live news', () => {
  it("shows a paid order with the creator's profit, and a payout sent or returned", async () => {
    await render(<LiveOrderNews />);
    deliver('/user/queue/orders', {
      kind: 'orderPaid',
      orderId: '5',
      orderNo: 'LS261126-AAAAAAAA',
      totalMinor: 3_000,
      profitMinor: 1_234,
      currencyCode: 'USD',
    });
    expect(await screen.findByText('New order paid')).toBeInTheDocument();
    expect(screen.getByText(/LS261126-AAAAAAAA: your profit \$12\.34/)).toBeInTheDocument();

    deliver('/user/queue/payouts', {
      kind: 'payoutReturned',
      payoutId: '3',
      amountMinor: 2_500,
      currencyCode: 'USD',
    });
    expect(await screen.findByText('Payout returned')).toBeInTheDocument();
    expect(screen.getByText(/\$25\.00 came back to your balance/)).toBeInTheDocument();
    // Something that is not order news is ignored.
    deliver('/user/queue/orders', { kind: 'orderPaid', orderNo: 7 });
    expect(screen.queryAllByText('New order paid')).toHaveLength(1);
  });

  it('shows a refund of an order and a suspension of the shop and its lift, and reads everything again', async () => {
    const invalidated = vi.spyOn(QueryClient.prototype, 'invalidateQueries');
    await render(<LiveOrderNews />);
    deliver('/user/queue/orders', {
      kind: 'orderRefunded',
      orderId: '6',
      orderNo: 'LS261126-BBBBBBBB',
      amountMinor: 4_000,
      profitReversedMinor: 1_000,
      currencyCode: 'USD',
      fullyRefunded: true,
    });
    expect(await screen.findByText('Order refunded')).toBeInTheDocument();
    expect(
      screen.getByText(/LS261126-BBBBBBBB was refunded in full \(\$40\.00\).*\$10\.00 of your profit/),
    ).toBeInTheDocument();
    deliver('/user/queue/shop', { kind: 'shopSuspended' });
    expect(await screen.findByText('Your shop was suspended')).toBeInTheDocument();
    deliver('/user/queue/shop', { kind: 'shopLifted' });
    expect(await screen.findByText('Your shop is open again')).toBeInTheDocument();
    expect(invalidated).toHaveBeenCalledTimes(3);
    // News published while the socket was down is not replayed: a reconnection reads everything again.
    const before = invalidated.mock.calls.length;
    reconnect();
    expect(invalidated.mock.calls.length).toBeGreaterThan(before);
  });
});
