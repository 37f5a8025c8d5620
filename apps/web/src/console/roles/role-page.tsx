import { DeleteOutlined, EditOutlined, PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import { rolesRoutes, type TRolePageItem, type TRoleRequest } from '@linkstore/contract';
import {
  App,
  Button,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  Tag,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePerm } from '../../shared/permission/access';
import { HasPerm } from '../../shared/permission/has-access';
import { useConfirmDelete } from '../shared/confirm-delete';
import { CrudPage } from '../shared/crud-page';
import { FormModal } from '../shared/form-modal';
import { useInvalidateRoutes } from '../shared/invalidate';
import { PagedTable } from '../shared/paged-table';
import { SearchBar } from '../shared/search-bar';
import { StatusTag, useStatusOptions } from '../shared/status';
import { useFormModal } from '../shared/use-form-modal';
import { usePagedList } from '../shared/use-paged-list';
import { useRowSelection } from '../shared/use-row-selection';
import { deleteRoles, loadRoleForm, saveRole, setRoleStatus } from './api';
import { useDataScopeLabel, useDataScopeOptions } from './data-scope';
import { RolePermissionDrawer } from './role-permission-drawer';

const PERM = {
  add: 'sys:role:add',
  edit: 'sys:role:edit',
  delete: 'sys:role:delete',
  assign: 'sys:role:assign',
} as const;

const FORM_FIELDS = ['name', 'code', 'sort', 'status', 'dataScope'] as const;
const CODE_PATTERN = /^[A-Z0-9_]+$/;
const NEW_ROLE: Partial<TRoleRequest> = { sort: 1, status: 1, dataScope: 3 };

/** Roles (console-api §2 Roles): search, paged table, add/edit, status, batch delete, permissions. */
export default function RolePage() {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const can = usePerm();
  const list = usePagedList(rolesRoutes.page, { keywords: '' });
  const selection = useRowSelection<TRolePageItem>();
  const modal = useFormModal<TRoleRequest>();
  const [form] = Form.useForm<TRoleRequest>();
  const confirmDelete = useConfirmDelete();
  const invalidate = useInvalidateRoutes();
  const statusOptions = useStatusOptions();
  const dataScopeLabel = useDataScopeLabel();
  const dataScopeOptions = useDataScopeOptions();
  const [permissionRole, setPermissionRole] = useState<TRolePageItem | null>(null);
  const [statusChanging, setStatusChanging] = useState<string | null>(null);

  const remove = (ids: string[]) =>
    confirmDelete({
      count: ids.length,
      onConfirm: async () => {
        await deleteRoles(ids);
        selection.clear();
        await invalidate(rolesRoutes.page, rolesRoutes.options);
      },
    });

  const changeStatus = async (role: TRolePageItem, isEnabled: boolean) => {
    setStatusChanging(role.id);
    try {
      await setRoleStatus(role.id, isEnabled ? 1 : 0);
      void message.success(
        t(isEnabled ? 'roles.status.enabled' : 'roles.status.disabled', { name: role.name }),
      );
      await invalidate(rolesRoutes.page, rolesRoutes.options);
    } catch {
      // Shown by the http client.
    } finally {
      setStatusChanging(null);
    }
  };

  const columns: TableColumnsType<TRolePageItem> = [
    { title: t('roles.field.name'), dataIndex: 'name' },
    { title: t('roles.field.code'), dataIndex: 'code', render: (code: string) => <Tag>{code}</Tag> },
    {
      title: t('crud.status.label'),
      dataIndex: 'status',
      render: (status: number, role) =>
        can(PERM.edit) ? (
          <Switch
            size="small"
            checked={status === 1}
            loading={statusChanging === role.id}
            aria-label={t('roles.status.switch', { name: role.name })}
            onChange={(checked) => void changeStatus(role, checked)}
          />
        ) : (
          <StatusTag value={status} />
        ),
    },
    { title: t('crud.field.sort'), dataIndex: 'sort' },
    {
      title: t('roles.field.dataScope'),
      dataIndex: 'dataScope',
      render: (value: number) => dataScopeLabel(value),
    },
    { title: t('crud.field.createTime'), dataIndex: 'createTime' },
  ];
  if (can([PERM.assign, PERM.edit, PERM.delete])) {
    columns.push({
      title: t('crud.table.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, role) => (
        <Space size={0} wrap>
          <HasPerm value={PERM.assign}>
            <Button
              type="link"
              icon={<SafetyOutlined aria-hidden />}
              aria-label={t('roles.action.permissions', { name: role.name })}
              onClick={() => setPermissionRole(role)}
            >
              {t('roles.action.permissionsShort')}
            </Button>
          </HasPerm>
          <HasPerm value={PERM.edit}>
            <Button
              type="link"
              icon={<EditOutlined aria-hidden />}
              aria-label={t('roles.action.edit', { name: role.name })}
              onClick={() => modal.openEdit(role.id)}
            >
              {t('crud.action.edit')}
            </Button>
          </HasPerm>
          <HasPerm value={PERM.delete}>
            <Button
              type="link"
              danger
              icon={<DeleteOutlined aria-hidden />}
              aria-label={t('roles.action.delete', { name: role.name })}
              onClick={() => remove([role.id])}
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
      title={t('roles.title')}
      search={
        <SearchBar initialValues={{ keywords: '' }} onSearch={list.search}>
          <Form.Item name="keywords" label={t('crud.field.keywords')}>
            <Input placeholder={t('roles.search.keywordsPlaceholder')} allowClear />
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
        </>
      }
    >
      <PagedTable<TRolePageItem>
        list={list}
        rowKey="id"
        columns={columns}
        rowSelection={can(PERM.delete) ? selection.rowSelection : undefined}
      />
      <FormModal<TRoleRequest>
        modal={modal}
        form={form}
        name="role-form"
        title={t(modal.id === undefined ? 'roles.form.addTitle' : 'roles.form.editTitle')}
        initialValues={NEW_ROLE}
        load={loadRoleForm}
        fields={FORM_FIELDS}
        onSubmit={async (values, id) => {
          await saveRole(values, id);
          await invalidate(rolesRoutes.page, rolesRoutes.options);
        }}
      >
        <Form.Item
          name="name"
          label={t('roles.field.name')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('crud.validation.required', { field: t('roles.field.name') }),
            },
            { max: 64 },
          ]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('roles.field.code')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('crud.validation.required', { field: t('roles.field.code') }),
            },
            { pattern: CODE_PATTERN, message: t('roles.validation.code') },
            { max: 32 },
          ]}
        >
          <Input maxLength={32} placeholder="SHOP_MANAGER" />
        </Form.Item>
        <Form.Item name="dataScope" label={t('roles.field.dataScope')} rules={[{ required: true }]}>
          <Select options={dataScopeOptions} />
        </Form.Item>
        <Form.Item name="status" label={t('crud.status.label')}>
          <Radio.Group options={statusOptions} />
        </Form.Item>
        <Form.Item name="sort" label={t('crud.field.sort')}>
          <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </FormModal>
      <RolePermissionDrawer role={permissionRole} onClose={() => setPermissionRole(null)} />
    </CrudPage>
  );
}
