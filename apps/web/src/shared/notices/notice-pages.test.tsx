import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../session/session-store';
import { createFakeApi, fail, ok } from '../test/fake-api';
import { renderWithApp } from '../test/render-with-app';
import { StudioMyNoticesPage, StudioNoticeDetailPage } from './notice-pages';

const DOC = {
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Closed at 22:00.' }] }],
};

function setUp() {
  const api = createFakeApi({
    'GET /api/v1/notices/my-page': ({ url }) =>
      ok({
        list: [
          {
            id: '3',
            title: url.searchParams.get('isRead') === '1' ? 'Old news' : 'Maintenance',
            type: '2',
            level: 'H',
            publisherName: 'Ops',
            publishTime: '2026-11-26 05:00:00',
            isRead: url.searchParams.get('isRead') === '1' ? 1 : 0,
          },
        ],
        total: 1,
      }),
    'GET /api/v1/notices/3/detail': () =>
      ok({
        id: '3',
        title: 'Maintenance',
        content: DOC,
        type: '2',
        level: 'H',
        publisherName: 'Ops',
        publishStatus: 1,
        publishTime: '2026-11-26 05:00:00',
      }),
    'GET /api/v1/notices/4/detail': () => fail('A0404', 'The requested record does not exist.', null, 404),
  });
  vi.stubGlobal('fetch', api.fetch);
  useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' });
  const routes = [
    { path: '/notices', element: <StudioMyNoticesPage /> },
    { path: '/notices/:id', element: <StudioNoticeDetailPage /> },
  ];
  return { api, render: (path: string) => renderWithApp(routes, path) };
}

afterEach(() => {
  cleanup();
  useSession.getState().clearTokens();
});

describe('my notices and a notice', () => {
  it('lists the caller’s notices with their read state, filters by state, and opens one', async () => {
    const user = userEvent.setup();
    const { api, render } = setUp();
    const { router } = await render('/notices');
    expect(await screen.findByRole('heading', { name: 'My notices' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Maintenance' })).toBeInTheDocument();
    expect(screen.getByText('Unread', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(screen.getByText('Published by Ops on 2026-11-26 05:00:00')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Read state' }));
    await user.click(await screen.findByTitle('Read'));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('link', { name: 'Old news' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/v1/notices/my-page').at(-1)?.url.searchParams.get('isRead')).toBe('1');

    await user.click(screen.getByRole('link', { name: 'Old news' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notices/3'));
  });

  it('shows a notice with its rich text (the server marks it read), and "not found" for another’s', async () => {
    const { api, render } = setUp();
    await render('/notices/3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Maintenance' })).toBeInTheDocument();
    expect(screen.getByText('Closed at 22:00.')).toBeInTheDocument();
    expect(api.callsTo('GET /api/v1/notices/3/detail')).toHaveLength(1);
    cleanup();
    await render('/notices/4');
    expect(
      await screen.findByText('This notice does not exist or is not addressed to you.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to my notices' })).toBeInTheDocument();
  });
});
