import { DeleteOutlined, EditOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { configsRoutes, type TConfigPageItem, type TConfigRequest } from '@linkstore/contract';
import { App, Button, Form, Input, Space, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPerm } from '../../shared/permission/has-access';
import { usePerm } from '../../shared/permission/access';
import { useConfirmDelete } from '../shared/confirm-delete';
import { CrudPage } from '../shared/crud-page';
import { FormModal } from '../shared/form-modal';
import { useInvalidateRoutes } from '../shared/invalidate';
import { PagedTable } from '../shared/paged-table';
import { SearchBar } from '../shared/search-bar';
import { useFormModal } from '../shared/use-form-modal';
import { usePagedList } from '../shared/use-paged-list';
import { useRowSelection } from '../shared/use-row-selection';
import { deleteConfigs, loadConfigForm, refreshConfigCache, saveConfig } from './api';

const PERM = {
  add: 'sys:config:add',
  edit: 'sys:config:update',
  delete: 'sys:config:delete',
  refresh: 'sys:config:refresh',
} as const;

const FORM_FIELDS = ['name', 'key', 'value', 'remark'] as const;
const KEY_PATTERN = /^[A-Za-z0-9_.:-]+$/;
const NEW_CONFIG: Partial<TConfigRequest> = { name: '', key: '', value: '', remark: '' };

/** System configuration (console-api §2 Config): search, paged table, add/edit/delete, refresh the cache. */
export default function ConfigPage() {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const can = usePerm();
  const list = usePagedList(configsRoutes.page, { keywords: '' });
  const selection = useRowSelection<TConfigPageItem>();
  const modal = useFormModal<TConfigRequest>();
  const [form] = Form.useForm<TConfigRequest>();
  const confirmDelete = useConfirmDelete();
  const invalidate = useInvalidateRoutes();
  const [isRefreshing, setIsRefreshing] = useState(false);

  const remove = (ids: string[]) =>
    confirmDelete({
      count: ids.length,
      onConfirm: async () => {
        await deleteConfigs(ids);
        selection.clear();
        await invalidate(configsRoutes.page);
      },
    });

  const refreshCache = async () => {
    setIsRefreshing(true);
    try {
      await refreshConfigCache();
      void message.success(t('configs.refreshDone'));
    } catch {
      // Shown by the http client.
    } finally {
      setIsRefreshing(false);
    }
  };

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
  if (can([PERM.edit, PERM.delete])) {
    columns.push({
      title: t('crud.table.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, record) => (
        <Space size={0}>
          <HasPerm value={PERM.edit}>
            <Button
              type="link"
              icon={<EditOutlined aria-hidden />}
              aria-label={t('configs.action.edit', { name: record.name })}
              onClick={() => modal.openEdit(record.id)}
            >
              {t('crud.action.edit')}
            </Button>
          </HasPerm>
          <HasPerm value={PERM.delete}>
            <Button
              type="link"
              danger
              icon={<DeleteOutlined aria-hidden />}
              aria-label={t('configs.action.delete', { name: record.name })}
              onClick={() => remove([record.id])}
            >
              {t('crud.action.delete')}
            </Button>
          </HasPerm>
        </Space>
      ),
    });
  }

  return (
    <CrudPage
      title={t('configs.title')}
      search={
        <SearchBar initialValues={{ keywords: '' }} onSearch={list.search}>
          <Form.Item name="keywords" label={t('crud.field.keywords')}>
            <Input placeholder={t('configs.search.keywordsPlaceholder')} allowClear />
          </Form.Item>
        </SearchBar>
      }
      toolbar={
        <>
          <HasPerm value={PERM.add}>
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => modal.openCreate()}>
              {t('crud.action.add')}
            </Button>
          </HasPerm>
          <HasPerm value={PERM.delete}>
            <Button
              danger
              icon={<DeleteOutlined aria-hidden />}
              disabled={selection.selectedKeys.length === 0}
              onClick={() => remove(selection.selectedKeys)}
            >
              {t('crud.action.batchDelete')}
            </Button>
          </HasPerm>
          <HasPerm value={PERM.refresh}>
            <Button
              icon={<SyncOutlined aria-hidden />}
              loading={isRefreshing}
              onClick={() => void refreshCache()}
            >
              {t('configs.refresh')}
            </Button>
          </HasPerm>
        </>
      }
    >
      <PagedTable<TConfigPageItem>
        list={list}
        rowKey="id"
        columns={columns}
        rowSelection={can(PERM.delete) ? selection.rowSelection : undefined}
      />
      <FormModal<TConfigRequest>
        modal={modal}
        form={form}
        name="config-form"
        title={t(modal.id === undefined ? 'configs.form.addTitle' : 'configs.form.editTitle')}
        initialValues={NEW_CONFIG}
        load={loadConfigForm}
        fields={FORM_FIELDS}
        onSubmit={async (values, id) => {
          await saveConfig(values, id);
          await invalidate(configsRoutes.page);
        }}
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
