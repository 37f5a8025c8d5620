import { SafetyOutlined } from '@ant-design/icons';
import { rolesRoutes, type TRolePageItem, type TRoleRequest } from '@linkstore/contract';
import { Form, Input, Select, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../shared/confirm-delete';
import { CrudPage } from '../shared/crud-page';
import { FormModal } from '../shared/form-modal';
import { PagedTable } from '../shared/paged-table';
import { useActionsColumn } from '../shared/row-actions';
import { SearchBar, KeywordsFilter } from '../shared/search-bar';
import { SortField, StatusField } from '../shared/status';
import { AddButton, BatchDelete } from '../shared/toolbar';
import { useStatusColumn } from '../shared/status-column';
import { useFormModal } from '../shared/use-form-modal';
import { usePagedList } from '../shared/use-paged-list';
import { useRowSelection } from '../shared/use-row-selection';
import { loadRoleForm, useDeleteRoles, useSaveRole, useSetRoleStatus } from './api';
import { useDataScopeLabel, useDataScopeOptions } from './data-scope';
import { RolePermissionDrawer } from './role-permission-drawer';

const FORM_FIELDS = ['name', 'code', 'sort', 'status', 'dataScope'] as const;
const CODE_PATTERN = /^[A-Z0-9_]+$/;
const NEW_ROLE: Partial<TRoleRequest> = { sort: 1, status: 1, dataScope: 3 };

/** Roles: search, paged table, add/edit, status, batch delete, permissions. */
export default function RolePage() {
  const { t } = useTranslation('system');
  const list = usePagedList(rolesRoutes.page, { keywords: '' });
  const selection = useRowSelection<TRolePageItem>(rolesRoutes.delete);
  const modal = useFormModal<TRoleRequest>();
  const [form] = Form.useForm<TRoleRequest>();
  const confirmDelete = useConfirmDelete();
  const saveRole = useSaveRole();
  const deleteRoles = useDeleteRoles();
  const setStatus = useSetRoleStatus();
  const dataScopeLabel = useDataScopeLabel();
  const dataScopeOptions = useDataScopeOptions();
  const [permissionRole, setPermissionRole] = useState<TRolePageItem | null>(null);

  const remove = (ids: string[]) =>
    confirmDelete({
      count: ids.length,
      onConfirm: async () => {
        await deleteRoles.mutateAsync(ids);
        selection.clear();
      },
    });

  const statusColumn = useStatusColumn<TRolePageItem, { id: string; isEnabled: boolean }>({
    route: rolesRoutes.status,
    mutation: setStatus,
    variables: (role, isEnabled) => ({ id: role.id, isEnabled }),
    ariaLabel: (role) => t('roles.status.switch', { name: role.name }),
    successMessage: (role, isEnabled) =>
      t(isEnabled ? 'roles.status.enabled' : 'roles.status.disabled', { name: role.name }),
  });

  const columns: TableColumnsType<TRolePageItem> = [
    { title: t('roles.field.name'), dataIndex: 'name' },
    { title: t('roles.field.code'), dataIndex: 'code', render: (code: string) => <Tag>{code}</Tag> },
    statusColumn,
    { title: t('crud.field.sort'), dataIndex: 'sort' },
    {
      title: t('roles.field.dataScope'),
      dataIndex: 'dataScope',
      render: (value: number) => dataScopeLabel(value),
    },
    { title: t('crud.field.createTime'), dataIndex: 'createTime' },
  ];
  const actionsColumn = useActionsColumn<TRolePageItem>([
    {
      route: rolesRoutes.assignMenus,
      label: t('roles.action.permissionsShort'),
      icon: <SafetyOutlined aria-hidden />,
      ariaLabel: (role) => t('roles.action.permissions', { name: role.name }),
      onClick: setPermissionRole,
    },
    {
      kind: 'edit',
      route: rolesRoutes.update,
      ariaLabel: (role) => t('roles.action.edit', { name: role.name }),
      onClick: (role) => modal.openEdit(role.id),
    },
    {
      kind: 'delete',
      route: rolesRoutes.delete,
      ariaLabel: (role) => t('roles.action.delete', { name: role.name }),
      onClick: (role) => remove([role.id]),
    },
  ]);

  return (
    <CrudPage
      title={t('roles.title')}
      search={
        <SearchBar initialValues={{ keywords: '' }} onSearch={list.search}>
          <KeywordsFilter placeholder={t('roles.search.keywordsPlaceholder')} />
        </SearchBar>
      }
      toolbar={
        <>
          <AddButton route={rolesRoutes.create} onClick={() => modal.openCreate()} />
          <BatchDelete route={rolesRoutes.delete} selectedKeys={selection.selectedKeys} onDelete={remove} />
        </>
      }
    >
      <PagedTable<TRolePageItem>
        list={list}
        rowKey="id"
        columns={[...columns, ...actionsColumn]}
        rowSelection={selection.rowSelection}
      />
      <FormModal<TRoleRequest>
        modal={modal}
        form={form}
        name="role-form"
        title={t(modal.id === undefined ? 'roles.form.addTitle' : 'roles.form.editTitle')}
        initialValues={NEW_ROLE}
        load={loadRoleForm}
        fields={FORM_FIELDS}
        onSubmit={(values, id) => saveRole.mutateAsync({ values, id })}
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
        <StatusField />
        <SortField />
      </FormModal>
      <RolePermissionDrawer role={permissionRole} onClose={() => setPermissionRole(null)} />
    </CrudPage>
  );
}
