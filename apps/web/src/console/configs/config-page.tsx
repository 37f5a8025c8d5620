import { SyncOutlined } from '@ant-design/icons';
import { configsRoutes, type TConfigPageItem, type TConfigRequest } from '@linkstore/contract';
import { App, Form, Input, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../shared/confirm-delete';
import { CrudPage } from '../shared/crud-page';
import { FormModal } from '../shared/form-modal';
import { PagedTable } from '../shared/paged-table';
import { useActionsColumn } from '../shared/row-actions';
import { SearchBar, KeywordsFilter } from '../shared/search-bar';
import { AddButton, BatchDelete, RouteButton } from '../shared/toolbar';
import { useFormModal } from '../shared/use-form-modal';
import { usePagedList } from '../shared/use-paged-list';
import { useRowSelection } from '../shared/use-row-selection';
import { loadConfigForm, useDeleteConfigs, useRefreshConfigCache, useSaveConfig } from './api';

const FORM_FIELDS = ['name', 'key', 'value', 'remark'] as const;
const KEY_PATTERN = /^[A-Za-z0-9_.:-]+$/;
const NEW_CONFIG: Partial<TConfigRequest> = { name: '', key: '', value: '', remark: '' };

/** System configuration: search, paged table, add/edit/delete, refresh the cache. */
export default function ConfigPage() {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const list = usePagedList(configsRoutes.page, { keywords: '' });
  const selection = useRowSelection<TConfigPageItem>(configsRoutes.delete);
  const modal = useFormModal<TConfigRequest>();
  const [form] = Form.useForm<TConfigRequest>();
  const confirmDelete = useConfirmDelete();
  const saveConfig = useSaveConfig();
  const deleteConfigs = useDeleteConfigs();
  const refreshCache = useRefreshConfigCache();

  const remove = (ids: string[]) =>
    confirmDelete({
      count: ids.length,
      onConfirm: async () => {
        await deleteConfigs.mutateAsync(ids);
        selection.clear();
      },
    });

  const columns: TableColumnsType<TConfigPageItem> = [
    { title: t('configs.field.name'), dataIndex: 'name' },
    {
      title: t('configs.field.key'),
      dataIndex: 'key',
      render: (key: string) => <Typography.Text code>{key}</Typography.Text>,
    },
    {
      title: t('configs.field.value'),
      dataIndex: 'value',
      ellipsis: true,
      width: 240,
    },
    { title: t('configs.field.remark'), dataIndex: 'remark', ellipsis: true },
    { title: t('crud.field.createTime'), dataIndex: 'createTime' },
  ];

  const actionsColumn = useActionsColumn<TConfigPageItem>([
    {
      kind: 'edit',
      route: configsRoutes.update,
      ariaLabel: (record) => t('configs.action.edit', { name: record.name }),
      onClick: (record) => modal.openEdit(record.id),
    },
    {
      kind: 'delete',
      route: configsRoutes.delete,
      ariaLabel: (record) => t('configs.action.delete', { name: record.name }),
      onClick: (record) => remove([record.id]),
    },
  ]);

  return (
    <CrudPage
      title={t('configs.title')}
      search={
        <SearchBar initialValues={{ keywords: '' }} onSearch={list.search}>
          <KeywordsFilter placeholder={t('configs.search.keywordsPlaceholder')} />
        </SearchBar>
      }
      toolbar={
        <>
          <AddButton route={configsRoutes.create} onClick={() => modal.openCreate()} />
          <BatchDelete route={configsRoutes.delete} selectedKeys={selection.selectedKeys} onDelete={remove} />
          <RouteButton
            route={configsRoutes.refresh}
            icon={<SyncOutlined aria-hidden />}
            loading={refreshCache.isPending}
            onClick={() =>
              refreshCache.mutate(undefined, {
                onSuccess: () => void message.success(t('configs.refreshDone')),
              })
            }
          >
            {t('configs.refresh')}
          </RouteButton>
        </>
      }
    >
      <PagedTable<TConfigPageItem>
        list={list}
        rowKey="id"
        columns={[...columns, ...actionsColumn]}
        rowSelection={selection.rowSelection}
      />
      <FormModal<TConfigRequest>
        modal={modal}
        form={form}
        name="config-form"
        title={t(modal.id === undefined ? 'configs.form.addTitle' : 'configs.form.editTitle')}
        initialValues={NEW_CONFIG}
        load={loadConfigForm}
        fields={FORM_FIELDS}
        onSubmit={(values, id) => saveConfig.mutateAsync({ values, id })}
      >
        <Form.Item
          name="name"
          label={t('configs.field.name')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('crud.validation.required', { field: t('configs.field.name') }),
            },
            { max: 64 },
          ]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="key"
          label={t('configs.field.key')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('crud.validation.required', { field: t('configs.field.key') }),
            },
            { pattern: KEY_PATTERN, message: t('configs.validation.key') },
            { max: 64 },
          ]}
        >
          <Input maxLength={64} placeholder="IP_QPS_THRESHOLD_LIMIT" />
        </Form.Item>
        <Form.Item name="value" label={t('configs.field.value')} rules={[{ max: 4000 }]}>
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} maxLength={4000} />
        </Form.Item>
        <Form.Item name="remark" label={t('configs.field.remark')} rules={[{ max: 255 }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={255} />
        </Form.Item>
      </FormModal>
    </CrudPage>
  );
}
