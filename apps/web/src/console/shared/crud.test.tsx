import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configsRoutes, type TConfigPageItem, type TConfigRequest } from '@linkstore/contract';
import { Button, Form, Input } from 'antd';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callRoute } from '../../shared/http/call-route';
import { useRouteMutation } from '../../shared/http/use-route-mutation';
import { fail, ok } from '../../shared/test/fake-api';
import { useConfirmDelete } from './confirm-delete';
import { CrudPage } from './crud-page';
import { FormModal } from './form-modal';
import { PagedTable } from './paged-table';
import { SearchBar } from './search-bar';
import { useFormModal } from './use-form-modal';
import { usePagedList } from './use-paged-list';
import { useRowSelection } from './use-row-selection';
import {
  findDialog,
  installFakeApi,
  lastQuery,
  renderConsolePage,
  signInOperator,
  signOutOperator,
} from './test-support';

const PAGE = 'GET /api/v1/config/page';
const row = (id: number): TConfigPageItem => ({
  id: String(id),
  name: `Setting ${id}`,
  key: `KEY_${id}`,
  value: String(id),
  remark: '',
  createTime: '2025-01-01 00:00:00',
  updateTime: '2025-01-01 00:00:00',
});
const ROWS = Array.from({ length: 23 }, (_, index) => row(index + 1));

/** The shared pieces put together the way a console page uses them. */
function DemoPage() {
  const list = usePagedList(configsRoutes.page, { keywords: '' });
  const selection = useRowSelection<TConfigPageItem>();
  const modal = useFormModal<TConfigRequest>();
  const [form] = Form.useForm<TConfigRequest>();
  const confirmDelete = useConfirmDelete();
  const removeMany = useRouteMutation({
    mutationFn: (ids: string) => callRoute(configsRoutes.delete, { params: { ids } }),
    invalidates: [configsRoutes.page],
  });
  const create = useRouteMutation({
    mutationFn: (values: TConfigRequest) => callRoute(configsRoutes.create, { body: values }),
    invalidates: [configsRoutes.page],
  });
  const removeSelected = async () => {
    await removeMany.mutateAsync(selection.selectedKeys.join(','));
    selection.clear();
  };
  return (
    <CrudPage
      title="Settings"
      search={
        <SearchBar initialValues={{ keywords: '' }} onSearch={list.search}>
          <Form.Item name="keywords" label="Keywords">
            <Input />
          </Form.Item>
        </SearchBar>
      }
      toolbar={
        <>
          <Button onClick={() => modal.openCreate({ value: '1' })}>Add</Button>
          <Button
            disabled={selection.selectedKeys.length === 0}
            onClick={() => confirmDelete({ count: selection.selectedKeys.length, onConfirm: removeSelected })}
          >
            Delete selected
          </Button>
        </>
      }
    >
      <PagedTable<TConfigPageItem>
        list={list}
        rowKey="id"
        rowSelection={selection.rowSelection}
        columns={[{ title: 'Name', dataIndex: 'name' }]}
      />
      <FormModal<TConfigRequest>
        modal={modal}
        form={form}
        name="demo-form"
        title="Setting"
        fields={['name', 'key', 'value']}
        onSubmit={async (values) => {
          await create.mutateAsync(values);
        }}
      >
        <Form.Item name="name" label="Name" rules={[{ required: true, message: 'Name needed' }]}>
          <Input />
        </Form.Item>
        <Form.Item name="key" label="Key">
          <Input />
        </Form.Item>
        <Form.Item name="value" label="Value">
          <Input />
        </Form.Item>
      </FormModal>
    </CrudPage>
  );
}

let api: ReturnType<typeof installFakeApi>;
let rows: TConfigPageItem[];
beforeEach(() => {
  rows = [...ROWS];
  signInOperator([]);
  api = installFakeApi({
    [PAGE]: ({ url }) => {
      const pageNum = Number(url.searchParams.get('pageNum'));
      const pageSize = Number(url.searchParams.get('pageSize'));
      const keywords = url.searchParams.get('keywords') ?? '';
      const matching = rows.filter((item) => item.name.includes(keywords));
      return ok({
        list: matching.slice((pageNum - 1) * pageSize, pageNum * pageSize),
        total: matching.length,
      });
    },
  });
});
afterEach(signOutOperator);

describe('console CRUD pieces', () => {
  it('pages through the list with pageNum and pageSize and searches from page 1', async () => {
    const user = userEvent.setup();
    await renderConsolePage(DemoPage);
    expect(await screen.findByText('Setting 1')).toBeInTheDocument();
    expect(screen.getByText('23 in total')).toBeInTheDocument();
    expect(lastQuery(api, PAGE)).toEqual({ pageNum: '1', pageSize: '10' });

    await user.click(screen.getByRole('listitem', { name: '3' }));
    expect(await screen.findByText('Setting 21')).toBeInTheDocument();
    expect(lastQuery(api, PAGE)).toEqual({ pageNum: '3', pageSize: '10' });

    const search = screen.getByRole('search', { name: 'Search' });
    await user.type(within(search).getByLabelText('Keywords'), 'Setting 2');
    await user.click(within(search).getByRole('button', { name: /Search/ }));
    await waitFor(() =>
      expect(lastQuery(api, PAGE)).toEqual({ keywords: 'Setting 2', pageNum: '1', pageSize: '10' }),
    );
    expect(await screen.findByText('5 in total')).toBeInTheDocument();

    await user.click(within(search).getByRole('button', { name: /Reset/ }));
    expect(within(search).getByLabelText('Keywords')).toHaveValue('');
    expect(await screen.findByText('23 in total')).toBeInTheDocument();
    expect(lastQuery(api, PAGE)).toEqual({ pageNum: '1', pageSize: '10' });
  });

  it('validates the dialog, shows the server field errors on their fields and saves', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    api.on('POST /api/v1/config', ({ body }) => {
      attempts += 1;
      if (attempts === 1) {
        return fail('A0400', 'Some fields are not valid', {
          fields: [{ field: 'key', message: 'key is already in use.' }],
        });
      }
      rows.unshift({ ...row(99), ...(body as object) });
      return ok({ id: '99', remark: '', ...(body as object) });
    });
    await renderConsolePage(DemoPage);
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    const dialog = await findDialog('Setting');
    expect(within(dialog).getByLabelText('Value')).toHaveValue('1');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name needed')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/config')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Shop name');
    await user.type(within(dialog).getByLabelText('Key'), 'KEY_1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('key is already in use.')).toBeInTheDocument();
    expect(screen.queryByText('Added')).not.toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Key'));
    await user.type(within(dialog).getByLabelText('Key'), 'SHOP_NAME');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Added')).toBeInTheDocument();
    expect(api.callsTo('POST /api/v1/config')[1]?.body).toEqual({
      name: 'Shop name',
      key: 'SHOP_NAME',
      value: '1',
    });
    expect(await screen.findByText('Shop name')).toBeInTheDocument();
  });

  it('keeps an edit dialog from being typed in until its record has loaded', async () => {
    const user = userEvent.setup();
    let arrive: (values: TConfigRequest) => void = () => undefined;
    function EditPage() {
      const modal = useFormModal<TConfigRequest>();
      const [form] = Form.useForm<TConfigRequest>();
      return (
        <>
          <Button onClick={() => modal.openEdit('6')}>Edit</Button>
          <FormModal<TConfigRequest>
            modal={modal}
            form={form}
            name="edit-form"
            title="Setting"
            fields={['name', 'key', 'value']}
            load={() =>
              new Promise<TConfigRequest>((resolve) => {
                arrive = resolve;
              })
            }
            onSubmit={async () => undefined}
          >
            <Form.Item name="value" label="Value">
              <Input />
            </Form.Item>
          </FormModal>
        </>
      );
    }
    await renderConsolePage(EditPage);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await findDialog('Setting');
    const value = within(dialog).getByLabelText('Value');
    // Typed while the record is on its way, the text would be replaced when it comes.
    expect(value).toBeDisabled();
    arrive({ name: 'Documentation link', key: 'DOC_URL', value: 'https://docs.example.com', remark: '' });
    await waitFor(() => expect(value).toBeEnabled());
    expect(value).toHaveValue('https://docs.example.com');
    await user.clear(value);
    expect(value).toHaveValue('');
  });

  it('asks before a batch delete, deletes by comma-joined ids and refreshes the list', async () => {
    const user = userEvent.setup();
    api.on('DELETE /api/v1/config/1%2C2', () => {
      rows = rows.filter((item) => item.id !== '1' && item.id !== '2');
      return ok(null);
    });
    await renderConsolePage(DemoPage);
    const table = await screen.findByRole('table');
    await user.click(
      within(await within(table).findByRole('row', { name: /Setting 1$/ })).getByRole('checkbox'),
    );
    await user.click(
      within(table)
        .getByRole('row', { name: /Setting 2$/ })
        .querySelector('input')!,
    );
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    const confirm = await findDialog('Confirm deletion');
    expect(confirm).toHaveTextContent('Delete the 2 selected records?');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted')).toBeInTheDocument();
    expect(await screen.findByText('21 in total')).toBeInTheDocument();
    expect(screen.queryByText('Setting 2')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete selected' })).toBeDisabled();
  });

  it('steps back to the new last page when a deletion empties the last one', async () => {
    const user = userEvent.setup();
    api.on('DELETE /api/v1/config/21%2C22%2C23', () => {
      rows = rows.slice(0, 20);
      return ok(null);
    });
    await renderConsolePage(DemoPage);
    await screen.findByText('Setting 1');
    await user.click(screen.getByRole('listitem', { name: '3' }));
    const table = screen.getByRole('table');
    await within(table).findByText('Setting 21');
    await user.click(within(table).getAllByRole('checkbox')[0]!);
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    await user.click(within(await findDialog('Confirm deletion')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Setting 11')).toBeInTheDocument();
    expect(lastQuery(api, PAGE)).toEqual({ pageNum: '2', pageSize: '10' });
    expect(screen.getByText('20 in total')).toBeInTheDocument();
  });
});
