import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TMyNoticeItem } from '@linkstore/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../session/session-store';
import { createFakeApi, ok } from '../test/fake-api';
import { connectedHandlers, deliver, handlers, reconnect } from '../test/realtime-mock';
import { renderWithApp } from '../test/render-with-app';
import { NoticeBell } from './notice-bell';
import { STUDIO_NOTICE_PATHS } from './notices-api';

vi.mock('../realtime/realtime', () => import('../test/realtime-mock'));

const notice = (id: string, title: string): TMyNoticeItem => ({
  id,
  title,
  type: '1',
  level: 'M',
  publisherName: 'Ops',
  publishTime: '2026-11-26 05:00:00',
  isRead: 0,
});

function setUp(initial: TMyNoticeItem[]) {
  let unread = [...initial];
  const api = createFakeApi({
    'GET /api/v1/notices/unread-count': () => ok({ count: unread.length }),
    'GET /api/v1/notices/my-page': () => ok({ list: unread.slice(0, 5), total: unread.length }),
    'PUT /api/v1/notices/read-all': () => {
      unread = [];
      return ok(null);
    },
  });
  vi.stubGlobal('fetch', api.fetch);
  useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' });
  const routes = [
    { path: '/', element: <NoticeBell paths={STUDIO_NOTICE_PATHS} /> },
    { path: '/notices', element: <p>My notices page</p> },
    { path: '/notices/:id', element: <p>Notice page</p> },
  ];
  return {
    api,
    publish: (item: TMyNoticeItem) => {
      unread = [item, ...unread];
    },
    render: () => renderWithApp(routes, '/'),
  };
}

afterEach(() => {
  cleanup();
  handlers.clear();
  connectedHandlers.clear();
  useSession.getState().clearTokens();
});

describe('NoticeBell', () => {
  it('shows the unread count, lists the latest unread, and marks all read (the count then hidden)', async () => {
    const user = userEvent.setup();
    const { api, render } = setUp([notice('2', 'Price change'), notice('1', 'Maintenance')]);
    await render();
    const bell = await screen.findByRole('button', { name: 'Notices: 2 unread' });
    expect(bell.querySelector('.ant-badge-count')).toHaveTextContent('2');
    await user.click(bell);
    const dialog = await screen.findByRole('tooltip');
    expect(await within(dialog).findByText('Price change')).toBeInTheDocument();
    expect(within(dialog).getByText('Maintenance')).toBeInTheDocument();
    expect(api.callsTo('GET /api/v1/notices/my-page')[0]?.url.searchParams.get('isRead')).toBe('0');
    expect(api.callsTo('GET /api/v1/notices/my-page')[0]?.url.searchParams.get('pageSize')).toBe('5');

    await user.click(within(dialog).getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByRole('button', { name: 'Notices: 0 unread' })).toBeInTheDocument();
    expect(api.callsTo('PUT /api/v1/notices/read-all')).toHaveLength(1);
    // The badge leaves (animated) once the count is 0.
    await waitFor(() =>
      expect(
        screen
          .getByRole('button', { name: 'Notices: 0 unread' })
          .querySelector('.ant-badge-count[data-show="true"]'),
      ).toBeNull(),
    );
    expect(await within(dialog).findByText('No notices yet')).toBeInTheDocument();
  });

  it('"View more" opens my notices, an item opens its notice', async () => {
    const user = userEvent.setup();
    const { render } = setUp([notice('7', 'Open me')]);
    const { router } = await render();
    await user.click(await screen.findByRole('button', { name: 'Notices: 1 unread' }));
    await user.click(await screen.findByRole('link', { name: /Open me/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notices/7'));
    await act(() => router.navigate('/'));
    await user.click(await screen.findByRole('button', { name: 'Notices: 1 unread' }));
    await user.click(await screen.findByRole('button', { name: 'View more' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notices'));
  });

  it('a notice published live raises the count and says so, on the user queue and the topic', async () => {
    const { api, publish, render } = setUp([]);
    await render();
    expect(await screen.findByRole('button', { name: 'Notices: 0 unread' })).toBeInTheDocument();
    expect([...handlers.keys()].sort()).toEqual(['/topic/notice', '/user/queue/message']);

    publish(notice('9', 'New prices'));
    deliver('/topic/notice', {
      id: '9',
      type: '1',
      title: 'New prices',
      publishTime: '2026-11-26 06:00:00',
    });
    expect(await screen.findByRole('button', { name: 'Notices: 1 unread' })).toBeInTheDocument();
    expect(await screen.findByText('You have a new notice')).toBeInTheDocument();
    expect(screen.getByText('New prices')).toBeInTheDocument();

    publish(notice('10', 'Just for you'));
    deliver('/user/queue/message', {
      id: '10',
      type: '1',
      title: 'Just for you',
      publishTime: '2026-11-26 06:01:00',
    });
    expect(await screen.findByRole('button', { name: 'Notices: 2 unread' })).toBeInTheDocument();
    // Anything else on the queue is ignored: not read as a notice, and no reason to ask again
    // (a count read now would say 3: one more is waiting on the server).
    const asked = api.callsTo('GET /api/v1/notices/unread-count').length;
    publish(notice('11', 'Not announced'));
    deliver('/user/queue/message', { kind: 'other' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.callsTo('GET /api/v1/notices/unread-count')).toHaveLength(asked);
    expect(screen.getByRole('button', { name: 'Notices: 2 unread' })).toBeInTheDocument();
    expect(screen.queryByText('Not announced')).not.toBeInTheDocument();
  });

  it('reads the count again when the socket reconnects (what was published meanwhile)', async () => {
    const { publish, render } = setUp([]);
    await render();
    expect(await screen.findByRole('button', { name: 'Notices: 0 unread' })).toBeInTheDocument();
    publish(notice('11', 'Sent while offline'));
    reconnect();
    expect(await screen.findByRole('button', { name: 'Notices: 1 unread' })).toBeInTheDocument();
  });
});
