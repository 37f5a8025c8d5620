import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, ok, US } from '../../shared/test/fake-api';
import { renderWithApp } from '../../shared/test/render-with-app';
import { LiveFlaggedOrders } from './live-flagged-orders';
import { useUser } from '../../shared/session/user-store';

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
  useUser.getState().clear();
});

function signIn(perms: string[]) {
  useUser.getState().setInfo({
    user: {
      userId: '9',
      username: 'ops',
      nickname: 'Ops',
      email: null,
      avatar: null,
      countryId: 'US',
      timeZone: null,
      roles: ['OPS'],
      perms,
    },
    business: { email: null, subdomainurl: null, image_url: null, nickname: 'Ops', country_id: 'US' },
  });
}

describe('live flagged orders', () => {
  it('listens to flagged orders only for operators who may see orders', async () => {
    signIn(['sys:user:query']);
    await render(<LiveFlaggedOrders />);
    expect(handlers.has('/topic/flagged-orders')).toBe(false);
    cleanup();
    signIn(['sys:order:query']);
    await render(<LiveFlaggedOrders />);
    deliver('/topic/flagged-orders', {
      kind: 'orderFlagged',
      orderId: '8',
      orderNo: 'LS261126-BBBBBBBB',
    });
    expect(await screen.findByText('Order flagged')).toBeInTheDocument();
    expect(screen.getByText(/LS261126-BBBBBBBB needs a look/)).toBeInTheDocument();
  });
});
