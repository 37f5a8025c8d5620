import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deliver, handlers, renderListening as render } from '../../shared/test/realtime-mock';
import { LiveFlaggedOrders } from './live-flagged-orders';
import { useUser } from '../../shared/session/user-store';

vi.mock('../../shared/realtime/realtime', () => import('../../shared/test/realtime-mock'));

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
