import type { TSubscriber } from '@linkstore/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFakeApi, ok, type TFakeHandler } from '../../shared/test/fake-api';
import { renderWithApp } from '../../shared/test/render-with-app';
import { stubViewportWidth } from '../../shared/test/viewport';
import { SubscribersPage } from './subscribers-page';

// jsdom's cascade over every antd style sheet makes each role query take seconds; inline styles
// decide visibility here (as in the other studio pages' tests).
const cascadeStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) =>
  element instanceof HTMLElement ? element.style : cascadeStyle(element);

const LIST = 'GET /api/v1/marketing/subscribers';
const EXPORT = '/api/v1/marketing/subscribers/export';

const ANA: TSubscriber = { email: 'ana@example.com', since: '2026-11-20T10:00:00Z', language: 'pt' };
const BO: TSubscriber = { email: 'bo@example.com', since: '2026-11-02T09:00:00Z', language: 'fr' };

function fakeApi(handlers: Record<string, TFakeHandler> = {}) {
  const api = createFakeApi({ [LIST]: () => ok({ list: [ANA, BO], total: 42 }), ...handlers });
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

const render = () => renderWithApp([{ path: '/subscribers', Component: SubscribersPage }], '/subscribers');

describe('SubscribersPage', () => {
  it('lists the subscribers with since and language, a page at a time', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    await render();
    expect(await screen.findByRole('heading', { name: 'Subscribers' })).toBeInTheDocument();
    const row = (await screen.findByText('ana@example.com')).closest('tr');
    expect(row).not.toBeNull();
    expect(row).toHaveTextContent('Português');
    expect(row).toHaveTextContent(/Nov 20, 2026/);
    expect(screen.getByText('bo@example.com').closest('tr')).toHaveTextContent('Français');
    expect(screen.getByText('42 subscribers')).toBeInTheDocument();
    expect(api.callsTo(LIST)[0]?.url.searchParams.get('pageNum')).toBe('1');

    await user.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(api.callsTo(LIST).at(-1)?.url.searchParams.get('pageNum')).toBe('2'));
  });

  it('says what the page is for while nobody has subscribed, with nothing to export', async () => {
    fakeApi({ [LIST]: () => ok({ list: [], total: 0 }) });
    await render();
    expect(await screen.findByRole('heading', { name: 'No subscribers yet' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Export CSV/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('exports every subscriber as CSV, saved by the browser', async () => {
    const user = userEvent.setup();
    const api = createFakeApi({ [LIST]: () => ok({ list: [ANA], total: 1 }) });
    const exports: URL[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://localhost');
      if (url.pathname !== EXPORT) return api.fetch(input, init);
      exports.push(url);
      return new Response('\uFEFFEmail\r\nana@example.com\r\n', {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="subscribers-2026-11-22.csv"',
        },
      });
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
    );
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    await render();
    const group = await screen.findByRole('group', { name: 'Export the subscribers' });
    await user.click(within(group).getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(saved).toEqual(['subscribers-2026-11-22.csv']));
    expect(exports).toHaveLength(1);
    click.mockRestore();
  });

  it('at 360 px: a card per subscriber, no table to scroll sideways, a 44 px export button', async () => {
    stubViewportWidth(360);
    fakeApi();
    await render();
    const cards = await screen.findByRole('list', { name: 'Subscribers' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(within(cards).getByText('ana@example.com')).toBeInTheDocument();
    expect(within(cards).getByText(/Since .*Nov 20, 2026.* · Português/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Export CSV/ })).toHaveClass(/tap/);
  });
});
