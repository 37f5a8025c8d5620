import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TLogItem } from '@linkstore/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../shared/test/fake-api';
import { installRangeRects } from '../../shared/test/range-rects';
import {
  findDialog,
  findRow,
  installFakeApi,
  lastQuery,
  renderConsolePage,
  signInOperator,
  signOutOperator,
} from '../shared/test-support';
import LogPage from './log-page';

const BASE: TLogItem = {
  id: '1',
  module: 'config',
  content: 'Edits a setting; the key must be unused',
  requestUri: '/api/v1/config/7',
  method: 'PUT',
  ip: '203.0.113.9',
  browser: 'Chrome 131',
  os: 'Windows 10',
  executionTime: 12,
  status: 200,
  resultCode: '1',
  success: true,
  createBy: '3',
  operator: 'admin',
  createTime: '2026-11-26 06:00:00',
};
const FAILED: TLogItem = {
  ...BASE,
  id: '2',
  module: 'login',
  content:
    'Sign in\n[error]A0210 <img src=x onerror=alert(1)>[/error] [download]{"href":"/api/v1/files/9","download":"a.xlsx"}[/download]',
  requestUri: '/api/v1/auth/login',
  method: 'POST',
  status: 400,
  resultCode: 'A0210',
  success: false,
  createBy: null,
  operator: '',
};

afterEach(signOutOperator);
beforeAll(installRangeRects);

describe('LogPage', () => {
  it('lists the logs with their markers rendered as text, never as HTML', async () => {
    signInOperator(['sys:log:query']);
    installFakeApi({ 'GET /api/v1/logs/page': () => ok({ list: [BASE, FAILED], total: 2 }) });
    const { container } = await renderConsolePage(LogPage);
    expect(await screen.findByRole('heading', { name: 'Operation logs' })).toBeInTheDocument();
    const ok1 = await findRow(/^Edits a setting/);
    expect(ok1).toHaveTextContent('PUT /api/v1/config/7');
    expect(ok1).toHaveTextContent('Succeeded 1');
    expect(ok1).toHaveTextContent('Chrome 131 · Windows 10');
    const failed = await findRow(/^Sign in/);
    expect(failed).toHaveTextContent('Failed A0210');
    expect(within(failed).getByText('Error')).toBeInTheDocument();
    expect(failed).toHaveTextContent('A0210 <img src=x onerror=alert(1)>');
    expect(container.querySelector('img')).toBeNull();
    const link = within(failed).getByRole('link', { name: 'Download' });
    expect(link).toHaveAttribute('href', '/api/v1/files/9');
    expect(link).toHaveAttribute('download', 'a.xlsx');
  });

  it('searches by keywords, module and result', async () => {
    const user = userEvent.setup();
    signInOperator(['sys:log:query']);
    const api = installFakeApi({ 'GET /api/v1/logs/page': () => ok({ list: [BASE], total: 1 }) });
    await renderConsolePage(LogPage);
    await findRow(/^Edits a setting/);
    await user.type(screen.getByRole('textbox', { name: 'Keywords' }), 'admin');
    await user.type(screen.getByRole('textbox', { name: 'Module' }), 'config');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(lastQuery(api, 'GET /api/v1/logs/page')).toMatchObject({ keywords: 'admin', module: 'config' }),
    );
    // The same search again asks the server again (a row written meanwhile must show).
    const asked = api.callsTo('GET /api/v1/logs/page').length;
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.callsTo('GET /api/v1/logs/page').length).toBe(asked + 1));
  });

  it('shows a log in full, its text in the code editor log mode', async () => {
    const user = userEvent.setup();
    signInOperator(['sys:log:query']);
    installFakeApi({ 'GET /api/v1/logs/page': () => ok({ list: [BASE, FAILED], total: 2 }) });
    await renderConsolePage(LogPage);
    const failed = await findRow(/^Sign in/);
    await user.click(
      within(failed).getByRole('button', { name: 'Details of the log of 2026-11-26 06:00:00' }),
    );
    const dialog = await findDialog('Log details');
    expect(dialog).toHaveTextContent('POST /api/v1/auth/login');
    const text = await within(dialog).findByRole('textbox', { name: 'Log text' });
    expect(text).toHaveAttribute('aria-readonly', 'true');
    const link = within(dialog).getByRole('link', { name: 'Download' });
    expect(link).toHaveAttribute('href', '/api/v1/files/9');
    expect(link).toHaveAttribute('download', 'a.xlsx');
    expect(dialog.querySelector('[data-level="error"]')).toHaveTextContent(
      'A0210 <img src=x onerror=alert(1)>',
    );
    // CodeMirror's own cursor helpers are images; the log's markup never becomes one.
    expect(dialog.querySelector('img:not(.cm-widgetBuffer), [onerror]')).toBeNull();
  });

  it('draws no link for a planted download marker to another site (issue 31)', async () => {
    const user = userEvent.setup();
    const hostile = ['/\\evil.example', '//evil', 'https://evil', 'javascript:alert(1)', '/\t/evil.example'];
    const planted: TLogItem = {
      ...FAILED,
      id: '3',
      content:
        'Sign in\n[error]A0400 ' +
        hostile.map((href) => `[download]${JSON.stringify({ href })}[/download]`).join(' ') +
        '[/error]',
    };
    signInOperator(['sys:log:query']);
    installFakeApi({ 'GET /api/v1/logs/page': () => ok({ list: [planted], total: 1 }) });
    const { container } = await renderConsolePage(LogPage);
    const row = await findRow(/^Sign in/);
    expect(row).toHaveTextContent('[download]{"href":"//evil"}[/download]');
    expect(container.querySelectorAll('a[href*="evil"], a[href^="javascript"]')).toHaveLength(0);
    expect(within(row).queryByRole('link', { name: 'Download' })).toBeNull();
    await user.click(within(row).getByRole('button', { name: /^Details of the log/ }));
    const dialog = await findDialog('Log details');
    await within(dialog).findByRole('textbox', { name: 'Log text' });
    expect(within(dialog).queryByRole('link', { name: 'Download' })).toBeNull();
    expect(document.querySelectorAll('a[href*="evil"], a[href^="javascript"]')).toHaveLength(0);
  });
});
