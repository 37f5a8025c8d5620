import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TUserPageItem } from '@linkstore/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { ok } from '../../../shared/test/fake-api';
import {
  findDialog,
  installFakeApi,
  lastQuery,
  renderConsolePage,
  signInOperator,
  signOutOperator,
} from '../../shared/test-support';
import { loadPageNamespace } from '../../../shared/i18n/i18n';
import TableSelectPage from './table-select-page';

const user = (id: string, username: string, nickname: string): TUserPageItem => ({
  id,
  username,
  nickname,
  mobile: null,
  gender: 0,
  avatar: null,
  email: null,
  status: 1,
  deptId: null,
  deptName: null,
  roleNames: '',
  createTime: '2026-01-01 00:00:00',
});
const USERS = [user('2', 'admin', 'Administrator'), user('3', 'test', 'Tester'), user('4', 'kim', '')];

function fakeApi() {
  return installFakeApi({
    'GET /api/v1/users/page': ({ url }) => {
      const keywords = url.searchParams.get('keywords') ?? '';
      const list = USERS.filter((row) => row.username.includes(keywords));
      return ok({ list, total: list.length });
    },
  });
}

beforeAll(async () => {
  await initI18n('en');
  await loadPageNamespace('demo-pages');
});
afterEach(signOutOperator);

const chosenIds = (region: HTMLElement) => within(region).getByText(/^\(nothing\)$|^[\d, ]+$/);

describe('TableSelect on the users list', () => {
  it('picks one user by search; OK shows their name, the value is their id', async () => {
    signInOperator(['sys:user:query']);
    const api = fakeApi();
    await renderConsolePage(TableSelectPage);
    const single = await screen.findByRole('region', { name: 'One user' });
    expect(chosenIds(single)).toHaveTextContent('(nothing)');
    await userEvent.click(within(single).getByRole('button', { name: 'Choose…' }));
    const dialog = await findDialog('Choose the reviewer');
    await within(dialog).findByRole('radio', { name: 'Tester (test)' });
    await userEvent.type(within(dialog).getByLabelText('Keywords'), 'ki');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastQuery(api, 'GET /api/v1/users/page')).toMatchObject({ keywords: 'ki' }));
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'kim' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(chosenIds(single)).toHaveTextContent('4'));
    expect(within(single).getByText('kim')).toBeInTheDocument();
  });

  it('picks several, keeps the field on Cancel, and a tag removes its user', async () => {
    signInOperator(['sys:user:query']);
    fakeApi();
    await renderConsolePage(TableSelectPage);
    const several = await screen.findByRole('region', { name: 'Several users' });
    await userEvent.click(within(several).getByRole('button', { name: 'Choose…' }));
    let dialog = await findDialog('Choose the team members');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Administrator (admin)' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Tester (test)' }));
    expect(within(dialog).getByText('2 users selected')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(chosenIds(several)).toHaveTextContent('2, 3'));

    // Cancel: what was picked in the dialog is dropped.
    await userEvent.click(within(several).getByRole('button', { name: 'Choose…' }));
    dialog = await findDialog('Choose the team members');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'kim' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(chosenIds(several)).toHaveTextContent('2, 3'));

    await userEvent.click(within(several).getByRole('button', { name: 'Remove Administrator (admin)' }));
    await waitFor(() => expect(chosenIds(several)).toHaveTextContent(/^3$/));
  });

  it('says there is nothing to pick from without the permission to list users', async () => {
    signInOperator([]);
    const api = fakeApi();
    await renderConsolePage(TableSelectPage);
    expect(
      await screen.findByText('You may not list users, so there is nothing to pick from.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose…' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/v1/users/page')).toHaveLength(0);
  });
});
