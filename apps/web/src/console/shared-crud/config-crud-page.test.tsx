import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  configsRoutes,
  ZConfigRequest,
  type TConfigPageItem,
  type TConfigRequest,
} from '@linkstore/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok } from '../../shared/test/fake-api';
import {
  findDialog,
  findRow,
  installFakeApi,
  lastQuery,
  renderConsolePage,
  signInOperator,
  signOutOperator,
} from '../shared/test-support';
import { ConfigCrudPage } from './config-crud-page';
import { defineCrud } from './crud-config';

/** The kit driven by a configuration of another resource than the demo's (the settings). */
const CONFIG = defineCrud<typeof configsRoutes.page, TConfigRequest>({
  title: 'Settings kit',
  routes: {
    page: configsRoutes.page,
    form: configsRoutes.form,
    create: configsRoutes.create,
    update: configsRoutes.update,
    delete: configsRoutes.delete,
  },
  rowKey: 'id',
  itemName: (item) => item.name,
  search: {
    initialValues: { keywords: '' },
    fields: [{ name: 'keywords', type: 'input', label: 'Words' }],
  },
  columns: [
    { name: 'name', title: 'Setting name' },
    { name: 'key', title: 'Setting key', type: 'custom', render: (item) => <code>{item.key}</code> },
  ],
  form: {
    name: 'kit-form',
    addTitle: 'New setting',
    editTitle: 'Change setting',
    initialValues: { name: '', key: '', value: '', remark: '' },
    fields: [
      { name: 'name', type: 'input', label: 'Name', required: true },
      {
        name: 'key',
        type: 'input',
        label: 'Key',
        required: true,
        schema: ZConfigRequest.shape.key,
        message: 'Letters, digits, _ . : - only',
      },
      { name: 'value', type: 'textarea', label: 'Value' },
      { name: 'remark', type: 'input', label: 'Remark', only: 'edit' },
    ],
  },
  actionLabels: { edit: (name) => `Change ${name}`, delete: (name) => `Remove ${name}` },
});

const QPS: TConfigPageItem = {
  id: '1',
  name: 'Rate limit',
  key: 'IP_QPS_THRESHOLD_LIMIT',
  value: '10',
  remark: '',
  createTime: '2025-03-01 10:00:00',
  updateTime: '2025-03-01 10:00:00',
};
const ALL = ['sys:config:query', 'sys:config:add', 'sys:config:update', 'sys:config:delete'];

function Page() {
  return <ConfigCrudPage config={CONFIG} />;
}

function fakeApi() {
  return installFakeApi({
    'GET /api/v1/config/page': () => ok({ list: [QPS], total: 1 }),
    'GET /api/v1/config/1/form': () =>
      ok({ id: '1', name: QPS.name, key: QPS.key, value: QPS.value, remark: 'old' }),
  });
}

afterEach(signOutOperator);

describe('ConfigCrudPage', () => {
  it('draws the configured heading, columns and search, with every button the routes allow', async () => {
    signInOperator(ALL);
    const api = fakeApi();
    await renderConsolePage(Page);
    expect(await screen.findByRole('heading', { name: 'Settings kit' })).toBeInTheDocument();
    const row = await findRow('Rate limit');
    expect(within(row).getByText('IP_QPS_THRESHOLD_LIMIT').tagName).toBe('CODE');
    expect(screen.getByRole('columnheader', { name: 'Setting key' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Change Rate limit' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Remove Rate limit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Words'), 'rate');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(lastQuery(api, 'GET /api/v1/config/page')).toMatchObject({ keywords: 'rate' }),
    );
  });

  it('shows no button whose route the operator may not call', async () => {
    signInOperator(['sys:config:query']);
    fakeApi();
    await renderConsolePage(Page);
    expect(await findRow('Rate limit')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add|Remove|Change|Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('adds with the contract schema checked first, then the server field errors on their fields', async () => {
    const user = userEvent.setup();
    signInOperator(ALL);
    const api = fakeApi();
    let attempts = 0;
    api.on('POST /api/v1/config', ({ body }) => {
      attempts += 1;
      return attempts === 1
        ? fail('A0400', 'Some fields are not valid', { fields: [{ field: 'key', message: 'key is taken' }] })
        : ok({ id: '2', remark: '', ...(body as object) });
    });
    await renderConsolePage(Page);
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await findDialog('New setting');
    // The edit-only field is not in the add form.
    expect(within(dialog).queryByLabelText('Remark')).not.toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Key'), 'bad key!');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter Name')).toBeInTheDocument();
    expect(within(dialog).getByText('Letters, digits, _ . : - only')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/config')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Banner');
    await user.clear(within(dialog).getByLabelText('Key'));
    await user.type(within(dialog).getByLabelText('Key'), 'BANNER');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('key is taken')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('POST /api/v1/config')).toHaveLength(2));
    expect(await screen.findByText('Added')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/config')[1]?.body).toMatchObject({ name: 'Banner', key: 'BANNER' });
  });

  it('edits the loaded record through the update route and deletes after confirmation', async () => {
    const user = userEvent.setup();
    signInOperator(ALL);
    const api = fakeApi();
    api.on('PUT /api/v1/config/1', ({ body }) => ok({ id: '1', ...(body as object) }));
    api.on('DELETE /api/v1/config/1', () => ok(null));
    await renderConsolePage(Page);
    await user.click(await screen.findByRole('button', { name: 'Change Rate limit' }));
    const dialog = await findDialog('Change setting');
    await waitFor(() => expect(within(dialog).getByLabelText('Remark')).toHaveValue('old'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/v1/config/1')[0]?.body).toMatchObject({ key: QPS.key, remark: 'old' });

    await user.click(screen.getByRole('button', { name: 'Remove Rate limit' }));
    const confirm = await findDialog('Confirm deletion');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/v1/config/1')).toHaveLength(1);
  });
});
