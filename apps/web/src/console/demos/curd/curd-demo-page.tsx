import {
  usersRoutes,
  ZUserCreateRequest,
  type TUserCreateRequestInput,
  type TUserPageItem,
} from '@linkstore/contract';
import { useQuery } from '@tanstack/react-query';
import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfigCrudPage } from '../../shared-crud/config-crud-page';
import { defineCrud } from '../../shared-crud/crud-config';
import { StatusTag, useStatusOptions } from '../../shared/status';
import { roleOptionsQuery } from '../../users/api';

const FIELDS = ZUserCreateRequest.shape;

/** The roles picker of the form (options from the server, as the users page has). */
function RolesSelect(props: { value?: string[]; onChange?: (value: string[]) => void; id?: string }) {
  const { t } = useTranslation('users');
  const roles = useQuery(roleOptionsQuery);
  return (
    <Select
      {...props}
      mode="multiple"
      loading={roles.isLoading}
      placeholder={t('form.rolesPlaceholder')}
      options={(roles.data ?? []).map((role) => ({ value: role.value, label: role.label }))}
    />
  );
}

/**
 * CRUD from a page configuration: the real users API (`sys:user:*`) drawn by `ConfigCrudPage`
 * from the object below — search fields, columns, form fields checked with the contract's
 * schemas, and the routes whose access decides each button.
 */
export default function CurdDemoPage() {
  const { t } = useTranslation(['demos', 'users', 'system']);
  const statusOptions = useStatusOptions();
  const config = defineCrud<typeof usersRoutes.page, TUserCreateRequestInput>({
    title: t('demos:curd.title'),
    routes: {
      page: usersRoutes.page,
      form: usersRoutes.form,
      create: usersRoutes.create,
      update: usersRoutes.update,
      delete: usersRoutes.delete,
    },
    rowKey: 'id',
    itemName: (user: TUserPageItem) => user.username,
    search: {
      initialValues: { keywords: '', status: undefined },
      fields: [
        {
          name: 'keywords',
          type: 'input',
          label: t('system:crud.field.keywords'),
          placeholder: t('users:search.keywordsPlaceholder'),
        },
        {
          name: 'status',
          type: 'select',
          label: t('system:crud.status.label'),
          placeholder: t('users:search.statusPlaceholder'),
          options: statusOptions.map(({ value, label }) => ({ value: String(value), label })),
        },
      ],
    },
    columns: [
      { name: 'username', title: t('users:field.username') },
      { name: 'nickname', title: t('users:field.nickname') },
      { name: 'gender', title: t('users:field.gender'), type: 'dict', dictCode: 'gender' },
      {
        name: 'roleNames',
        title: t('users:field.roles'),
        type: 'custom',
        render: (user) => (user.roleNames ? <Tag>{user.roleNames}</Tag> : null),
      },
      { name: 'mobile', title: t('users:field.mobile') },
      {
        name: 'status',
        title: t('system:crud.status.label'),
        type: 'custom',
        render: (user) => <StatusTag value={user.status} />,
      },
      { name: 'createTime', title: t('users:field.createTime') },
    ],
    form: {
      name: 'demo-user-form',
      addTitle: t('users:form.addTitle'),
      editTitle: t('users:form.editTitle'),
      initialValues: { gender: 0, status: 1, roleIds: [] },
      fields: [
        {
          name: 'username',
          type: 'input',
          label: t('users:field.username'),
          required: true,
          schema: FIELDS.username,
          message: t('users:validation.username'),
        },
        {
          name: 'nickname',
          type: 'input',
          label: t('users:field.nickname'),
          required: true,
          schema: FIELDS.nickname,
          message: t('demos:curd.validation.nickname'),
        },
        {
          name: 'password',
          type: 'password',
          label: t('users:field.password'),
          only: 'create',
          required: true,
          schema: FIELDS.password,
          message: t('users:validation.password'),
        },
        { name: 'gender', type: 'dict-radio', label: t('users:field.gender'), dictCode: 'gender' },
        {
          name: 'mobile',
          type: 'input',
          label: t('users:field.mobile'),
          schema: FIELDS.mobile,
          message: t('users:validation.mobile'),
        },
        {
          name: 'email',
          type: 'input',
          label: t('users:field.email'),
          schema: FIELDS.email,
          message: t('users:validation.email'),
        },
        {
          name: 'status',
          type: 'select',
          label: t('system:crud.status.label'),
          options: statusOptions,
        },
        {
          name: 'roleIds',
          type: 'custom',
          label: t('users:field.roles'),
          required: true,
          schema: FIELDS.roleIds,
          message: t('users:validation.roles'),
          render: () => <RolesSelect />,
        },
      ],
    },
    actionLabels: {
      edit: (name) => t('users:action.edit', { name }),
      delete: (name) => t('users:action.delete', { name }),
    },
  });
  return <ConfigCrudPage config={config} />;
}
