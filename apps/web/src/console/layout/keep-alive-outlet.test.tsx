import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { isKeptAlive, KeepAliveOutlet } from './keep-alive-outlet';
import { HOME_TAG, useTagsView } from './tags-view-store';

const KEPT = { keepAlive: true, component: 'demo/multi-level/level3' };

function Note({ label }: { label: string }) {
  return <input aria-label={label} />;
}

function Shell() {
  return (
    <>
      <Link to="/a">A</Link>
      <Link to="/b">B</Link>
      <Link to="/c">C</Link>
      <KeepAliveOutlet />
    </>
  );
}

function renderRouter() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: Shell,
        children: [
          { path: 'a', handle: KEPT, element: <Note label="Note A" /> },
          // Kept by its menu, but not a kept-alive view.
          {
            path: 'b',
            handle: { keepAlive: true, component: 'system/user/index' },
            element: <Note label="Note B" />,
          },
          { path: 'c', handle: KEPT, element: <Note label="Note C" /> },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const openTags = (...paths: string[]) =>
  useTagsView
    .getState()
    .setTags([HOME_TAG, ...paths.map((path) => ({ ...HOME_TAG, path, fullPath: path, isAffix: false }))]);

afterEach(() => useTagsView.getState().reset());

describe('isKeptAlive', () => {
  it('keeps a page whose deepest route has keepAlive and a kept-alive view', () => {
    expect(isKeptAlive([{ handle: {} }, { handle: KEPT }])).toBe(true);
    expect(isKeptAlive([{ handle: KEPT }, { handle: { ...KEPT, keepAlive: false } }])).toBe(false);
    expect(isKeptAlive([{ handle: { keepAlive: true, component: 'system/user/index' } }])).toBe(false);
    expect(isKeptAlive([{ handle: undefined }])).toBe(false);
    expect(isKeptAlive([])).toBe(false);
  });
});

describe('KeepAliveOutlet', () => {
  it('keeps what was typed on a kept page while other pages open, and not on the others', async () => {
    const user = userEvent.setup();
    openTags('/a', '/b', '/c');
    const router = renderRouter();
    await user.type(screen.getByLabelText('Note A'), 'remember me');

    await act(() => router.navigate('/b'));
    await user.type(screen.getByLabelText('Note B'), 'forget me');
    await act(() => router.navigate('/c'));
    await user.type(screen.getByLabelText('Note C'), 'me too');

    await act(() => router.navigate('/a'));
    expect(screen.getByLabelText('Note A')).toHaveValue('remember me');
    await act(() => router.navigate('/b'));
    expect(screen.getByLabelText('Note B')).toHaveValue('');
    await act(() => router.navigate('/c'));
    expect(screen.getByLabelText('Note C')).toHaveValue('me too');
  });

  it('forgets a kept page once its tag is closed', async () => {
    const user = userEvent.setup();
    openTags('/a', '/c');
    const router = renderRouter();
    await user.type(screen.getByLabelText('Note A'), 'remember me');
    await act(() => router.navigate('/c'));
    act(() => openTags('/c'));
    await act(() => router.navigate('/a'));
    expect(screen.getByLabelText('Note A')).toHaveValue('');
  });
});
