import { cleanup, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { vi } from 'vitest';
import { useSession } from '../../shared/session/session-store';
import { useUser } from '../../shared/session/user-store';
import { createFakeApi, type TFakeHandler } from '../../shared/test/fake-api';
import { renderWithApp } from '../../shared/test/render-with-app';

/**
 * Test support for console pages (imported by `*.test.tsx` only): sign an operator in with
 * some permissions, answer the API with a fake, render one page inside the app's providers.
 */

/**
 * jsdom's getComputedStyle runs the cascade of every antd style sheet: with a table, a form and
 * a dialog on the page one `getByRole` takes seconds. Test files that import this module see
 * inline styles only (textareas excepted) — enough for what decides visibility here (antd hides closed dialogs and
 * tree nodes with inline `display: none`), at a hundredth of the cost.
 */
const cascadeStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) =>
  // A textarea's auto-size measures its real style.
  element instanceof HTMLElement && !(element instanceof HTMLTextAreaElement)
    ? element.style
    : cascadeStyle(element);

/** Signs in an operator holding `perms` (and `roles`; ROOT passes every check). */
export function signInOperator(perms: string[], roles: string[] = ['ADMIN']): void {
  useSession.getState().setTokens({ tokenType: 'Bearer', accessToken: 'acc', refreshToken: 'ref' });
  useUser.getState().setInfo({
    user: {
      userId: '2',
      username: 'admin',
      nickname: 'Admin',
      email: null,
      avatar: null,
      countryId: 'US',
      timeZone: null,
      roles,
      perms,
    },
    business: { email: null, subdomainurl: null, image_url: null, nickname: 'Admin', country_id: 'US' },
  });
}

/** Unmounts what was rendered, then signs out (so no mounted page reacts outside act). */
export function signOutOperator(): void {
  cleanup();
  useUser.getState().clear();
  useSession.getState().clearTokens();
}

/** Installs a fake API answering `handlers` ("METHOD /path" → answer) behind fetch. */
export function installFakeApi(handlers: Record<string, TFakeHandler>) {
  const api = createFakeApi(handlers);
  vi.stubGlobal('fetch', api.fetch);
  return api;
}

/** Renders one console page at `/page`, in English, with the real providers. */
export function renderConsolePage(Page: ComponentType) {
  return renderWithApp([{ path: '/page', Component: Page }], '/page');
}

/** The query of the last request to "METHOD /path", as an object. */
export function lastQuery(api: ReturnType<typeof createFakeApi>, route: string): Record<string, string> {
  const calls = api.callsTo(route);
  const last = calls[calls.length - 1];
  return last ? Object.fromEntries(last.url.searchParams) : {};
}

/**
 * The open dialog with this title. (antd labels its dialogs with an id that is the same for
 * every dialog under test, so the accessible name cannot be used.)
 */
export function findDialog(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = screen
      .getAllByRole('dialog')
      .find(
        (element) =>
          element.querySelector('.ant-modal-title, .ant-modal-confirm-title, .ant-drawer-title')
            ?.textContent === title,
      );
    if (!dialog) throw new Error(`No open dialog titled "${title}"`);
    return dialog;
  });
}

/** The table row showing `text` (faster than a role query over a big table). */
export async function findRow(text: string | RegExp): Promise<HTMLElement> {
  const cell = await screen.findByText(text, { selector: 'td, td *' });
  const row = cell.closest('tr');
  if (!row) throw new Error(`No table row around "${String(text)}"`);
  return row;
}

/** The checkbox of the antd tree node titled `title`. */
export function treeCheckbox(title: string): HTMLElement {
  const item = screen
    .getAllByText(title)
    .map((element) => element.closest('[role="treeitem"]'))
    .find((element) => element !== null);
  const checkbox = item?.querySelector<HTMLElement>('[role="checkbox"]');
  if (!checkbox) throw new Error(`No tree checkbox for "${title}"`);
  return checkbox;
}
