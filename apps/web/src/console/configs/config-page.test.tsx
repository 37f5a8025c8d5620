import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TConfigPageItem } from '@linkstore/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../shared/test/fake-api';
import {
  findDialog,
  findRow,
  installFakeApi,
  renderConsolePage,
  signInOperator,
  signOutOperator,
} from '../shared/test-support';
import ConfigPage from './config-page';

const QPS: TConfigPageItem = {
  id: '1',
  name: 'IP rate limit',
  key: 'IP_QPS_THRESHOLD_LIMIT',
  value: '10',
  remark: 'Requests per second per IP',
  createTime: '2025-03-01 10:00:00',
  updateTime: '2025-03-01 10:00:00',
};
const ALL = [
  'sys:config:query',
  'sys:config:add',
  'sys:config:update',
  'sys:config:delete',
  'sys:config:refresh',
];

function fakeApi() {
  return installFakeApi({
    'GET /api/v1/config/page': () => ok({ list: [QPS], total: 1 }),
    'GET /api/v1/config/1/form': () =>
      ok({ id: '1', name: QPS.name, key: QPS.key, value: '10', remark: QPS.remark }),
  });
}

afterEach(signOutOperator);

describe('ConfigPage', () => {
  it('shows the settings with every action for an operator holding the permissions', async () => {
    signInOperator(ALL);
    fakeApi();
    await renderConsolePage(ConfigPage);
    expect(await screen.findByRole('heading', { name: 'System configuration' })).toBeInTheDocument();
    const row = await findRow('IP rate limit');
    expect(row).toHaveTextContent('IP_QPS_THRESHOLD_LIMIT');
    expect(row).toHaveTextContent('Requests per second per IP');
    expect(within(row).getByRole('button', { name: 'Edit IP rate limit' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Delete IP rate limit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete selected' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Refresh cache' })).toBeInTheDocument();
  });

  it('hides every action the operator lacks the permission for', async () => {
    signInOperator(['sys:config:query']);
    fakeApi();
    await renderConsolePage(ConfigPage);
    expect(await findRow('IP rate limit')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add|Delete|Edit|Refresh/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByText('Actions')).not.toBeInTheDocument();
  });

  it('edits a setting, with validation and the server field errors', async () => {
    const user = userEvent.setup();
    signInOperator(['sys:config:update']);
    const api = fakeApi();
    let attempts = 0;
    api.on('PUT /api/v1/config/1', ({ body }) => {
      attempts += 1;
      return attempts === 1
        ? fail('A0400', 'Some fields are not valid', {
            fields: [{ field: 'key', message: 'key is already in use.' }],
          })
        : ok({ id: '1', ...(body as object) });
    });
    await renderConsolePage(ConfigPage);
    await user.click(await screen.findByRole('button', { name: 'Edit IP rate limit' }));
    const dialog = await findDialog('Edit setting');
    await waitFor(() => expect(within(dialog).getByLabelText('Key')).toHaveValue('IP_QPS_THRESHOLD_LIMIT'));

    await user.clear(within(dialog).getByLabelText('Key'));
    await user.type(within(dialog).getByLabelText('Key'), 'bad key!');
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter Name')).toBeInTheDocument();
    expect(within(dialog).getByText('Use letters, digits and _ . : - only')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/v1/config/1')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Rate limit');
    await user.clear(within(dialog).getByLabelText('Key'));
    await user.type(within(dialog).getByLabelText('Key'), 'TAKEN_KEY');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('key is already in use.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/v1/config/1')[1]?.body).toEqual({
      name: 'Rate limit',
      key: 'TAKEN_KEY',
      value: '10',
      remark: 'Requests per second per IP',
    });
  });

  it('refreshes the server cache', async () => {
    const user = userEvent.setup();
    signInOperator(['sys:config:refresh']);
    const api = fakeApi();
    api.on('PUT /api/v1/config/refresh', () => ok(null));
    await renderConsolePage(ConfigPage);
    await user.click(await screen.findByRole('button', { name: 'Refresh cache' }));
    expect(await screen.findByText('The settings cache has been reloaded')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/v1/config/refresh')).toHaveLength(1);
  });

  it('deletes a setting after confirmation', async () => {
    const user = userEvent.setup();
    signInOperator(['sys:config:delete']);
    const api = fakeApi();
    api.on('DELETE /api/v1/config/1', () => ok(null));
    await renderConsolePage(ConfigPage);
    await user.click(await screen.findByRole('button', { name: 'Delete IP rate limit' }));
    const confirm = await findDialog('Confirm deletion');
    expect(confirm).toHaveTextContent('Delete this record?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/v1/config/1')).toHaveLength(1);
  });
});
