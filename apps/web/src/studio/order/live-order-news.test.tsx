import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, ok, US } from '../../shared/test/fake-api';
import { renderWithApp } from '../../shared/test/render-with-app';
import { LiveOrderNews } from './live-order-news';

const handlers = new Map<string, (body: unknown) => void>();
vi.mock('../../shared/realtime/realtime', () => ({
  useRealtime: (destination: string, handler: (body: unknown) => void) => {
    handlers.set(destination, handler);
  },
}));

function render(element: React.ReactNode) {
  const api = createFakeApi({ 'GET /api/v1/countries': () => ok([US]) });
  vi.stubGlobal('fetch', api.fetch);
  return renderWithApp([{ path: '/', element }], '/');
}

const deliver = (destination: string, body: unknown) =>
  act(() => {
    const handler = handlers.get(destination);
    if (!handler) throw new Error(`nobody listens to ${destination}`);
    handler(body);
  });

afterEach(() => {
  cleanup();
  handlers.clear();
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
});
