import { screen, within } from '@testing-library/react';
import type { TUserPageItem } from '@linkstore/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadPageNamespace } from '../../../shared/i18n/i18n';
import { ok } from '../../../shared/test/fake-api';
import {
  findRow,
  installFakeApi,
  renderConsolePage,
  signInOperator,
  signOutOperator,
} from '../../shared/test-support';
import CurdDemoPage from './curd-demo-page';

const ALICE: TUserPageItem = {
  id: '9',
  username: 'alice',
  nickname: 'Alice',
  mobile: null,
  gender: 2,
  avatar: null,
  email: null,
  status: 1,
  deptId: null,
  deptName: null,
  roleNames: 'Guest',
  createTime: '2026-01-01 10:00:00',
};

beforeAll(async () => {
  await initI18n();
  await loadPageNamespace('demos');
});
afterEach(signOutOperator);

describe('CurdDemoPage', () => {
  it('lists the users API through the configuration, with the users buttons by their permissions', async () => {
    signInOperator(['sys:user:query', 'sys:user:edit']);
    installFakeApi({ 'GET /api/v1/users/page': () => ok({ list: [ALICE], total: 1 }) });
    await renderConsolePage(CurdDemoPage);
    expect(
      await screen.findByRole('heading', { name: 'Users from a page configuration' }),
    ).toBeInTheDocument();
    const row = await findRow('alice');
    expect(await within(row).findByText('Female')).toBeInTheDocument();
    expect(within(row).getByText('Enabled')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Edit alice' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Delete alice' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
  });
});
