import { DownloadOutlined, KeyOutlined, UploadOutlined } from '@ant-design/icons';
import {
  deptsRoutes,
  rolesRoutes,
  usersRoutes,
  type TDeptOption,
  type TUserCreateRequestInput,
  type TUserPageItem,
  type TUserPageQueryInput,
} from '@linkstore/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Col,
  DatePicker,
  Form,
  Input,
  Row,
  Select,
  Tag,
  TreeSelect,
  type TableColumnsType,
  type TableProps,
} from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dict } from '../../shared/dict/dict';
import { DictLabel } from '../../shared/dict/dict-label';
import { useCanCall } from '../../shared/permission/access';
import { useUser } from '../../shared/session/user-store';
import { useConfirmDelete } from '../shared/confirm-delete';
import { CrudPage } from '../shared/crud-page';
import { FormModal } from '../shared/form-modal';
import { PagedTable } from '../shared/paged-table';
import { useActionsColumn } from '../shared/row-actions';
import { SearchBar, KeywordsFilter } from '../shared/search-bar';
import { StatusField, StatusFilter } from '../shared/status';
import { AddButton, BatchDelete, RouteButton } from '../shared/toolbar';
import { useStatusColumn } from '../shared/status-column';
import { useFormModal } from '../shared/use-form-modal';
import { usePagedList } from '../shared/use-paged-list';
import { useRowSelection } from '../shared/use-row-selection';
import {
  deptOptionsQuery,
  loadUserForm,
  roleOptionsQuery,
  useDeleteUsers,
  useExportUsers,
  useSaveUser,
  useSetUserStatus,
} from './api';
import { DeptTree } from './dept-tree';
import { ImportDialog } from './import-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import { PasswordFields } from './password-fields';
import { avatarRules, emailRules, mobileRules, required, usernameRules } from './user-rules';

/** The form: the contract's create body plus the confirmation the server does not need. */
type TUserFormValues = TUserCreateRequestInput & { confirmPassword?: string };

/** What the search form holds; the created range is a pair of date objects of the picker. */
interface TSearchValues {
  keywords: string;
  status?: '0' | '1' | undefined;
  createTime?: [{ format: (pattern: string) => string }, { format: (pattern: string) => string }] | null;
}

type TFilters = Omit<TUserPageQueryInput, 'pageNum' | 'pageSize'>;
type TSortField = NonNullable<TFilters['field']>;

const FORM_FIELDS = [
  'username',
  'nickname',
  'password',
  'deptId',
  'mobile',
  'gender',
  'email',
  'status',
  'roleIds',
  'avatar',
] as const;
const NEW_USER: Partial<TUserFormValues> = { gender: 0, status: 1, roleIds: [] };
const INITIAL_SEARCH: TSearchValues = { keywords: '' };
const SORTABLE: readonly TSortField[] = ['username', 'nickname', 'status', 'createTime'];

/** Users: department tree, search, paged sortable table, and every action. */
export default function UserPage() {
  const { t } = useTranslation(['users', 'system']);
  const myId = useUser((state) => state.info?.user.userId);
  const list = usePagedList(usersRoutes.page, {});
  const selection = useRowSelection<TUserPageItem>(usersRoutes.delete);
  const modal = useFormModal<TUserFormValues>();
  const [form] = Form.useForm<TUserFormValues>();
  const confirmDelete = useConfirmDelete();
  const canCall = useCanCall();
  const isDeptTreeShown = canCall(deptsRoutes.options);
  const depts = useQuery({ ...deptOptionsQuery, enabled: isDeptTreeShown });
  const roles = useQuery({ ...roleOptionsQuery, enabled: canCall(rolesRoutes.options) && modal.isOpen });
  const saveUser = useSaveUser();
  const deleteUsers = useDeleteUsers();
  const setStatus = useSetUserStatus();
  const exportUsers = useExportUsers();
  const [resetting, setResetting] = useState<{ id: string; name: string } | null>(null);
  const [isImportOpen, setIsImportOpen] = useState(false);

  const nameOf = (user: TUserPageItem) => user.nickname || user.username;

  const search = (values: TSearchValues) => {
    const range = values.createTime;
    list.search({
      ...list.filters,
      keywords: values.keywords,
      status: values.status,
      createTime: range ? [range[0].format('YYYY-MM-DD'), range[1].format('YYYY-MM-DD')] : undefined,
    });
  };

  const remove = (ids: string[]) =>
    confirmDelete({
      count: ids.length,
      onConfirm: async () => {
        await deleteUsers.mutateAsync(ids);
        selection.clear();
      },
    });

  const statusColumn = useStatusColumn<TUserPageItem, { id: string; isEnabled: boolean }>({
    route: usersRoutes.status,
    mutation: setStatus,
    variables: (user, isEnabled) => ({ id: user.id, isEnabled }),
    ariaLabel: (user) => t('status.switch', { name: nameOf(user) }),
    successMessage: (user, isEnabled) =>
      t(isEnabled ? 'status.enabled' : 'status.disabled', { name: nameOf(user) }),
    confirmOff: (user) => ({
      title: t('status.confirmTitle'),
      content: t('status.confirmDisable', { name: nameOf(user) }),
      okText: t('status.confirmOk'),
    }),
    // Operators cannot disable themselves.
    isReadOnly: (user) => user.id === myId,
  });

  const sortOrder = (field: TSortField): SortOrder =>
    list.filters.field === field ? (list.filters.direction === 'ASC' ? 'ascend' : 'descend') : null;
  const sortable = (field: TSortField) => ({ key: field, sorter: true, sortOrder: sortOrder(field) });

  const onTableChange: TableProps<TUserPageItem>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort' || Array.isArray(sorter)) return;
    const field = SORTABLE.find((candidate) => candidate === sorter.columnKey);
    const isSorted = field !== undefined && sorter.order;
    list.search({
      ...list.filters,
      field: isSorted ? field : undefined,
      direction: isSorted ? (sorter.order === 'ascend' ? 'ASC' : 'DESC') : undefined,
    });
  };

  const columns: TableColumnsType<TUserPageItem> = [
    { title: t('field.username'), dataIndex: 'username', ...sortable('username') },
    { title: t('field.nickname'), dataIndex: 'nickname', ...sortable('nickname') },
    {
      title: t('field.gender'),
      dataIndex: 'gender',
      render: (gender: number) => <DictLabel code="gender" value={gender} size="small" />,
    },
    { title: t('field.dept'), dataIndex: 'deptName' },
    {
      title: t('field.roles'),
      dataIndex: 'roleNames',
      render: (names: string) =>
        names
          .split(',')
          .filter(Boolean)
          .map((name) => <Tag key={name}>{name}</Tag>),
    },
    { title: t('field.mobile'), dataIndex: 'mobile' },
    { ...statusColumn, ...sortable('status') },
    { title: t('field.createTime'), dataIndex: 'createTime', ...sortable('createTime') },
  ];
  const actionsColumn = useActionsColumn<TUserPageItem>([
    {
      kind: 'edit',
      route: usersRoutes.update,
      ariaLabel: (user) => t('action.edit', { name: nameOf(user) }),
      onClick: (user) => modal.openEdit(user.id),
    },
    {
      route: usersRoutes.resetPassword,
      label: t('action.resetPassword'),
      icon: <KeyOutlined aria-hidden />,
      ariaLabel: (user) => t('action.resetPasswordOf', { name: nameOf(user) }),
      onClick: (user) => setResetting({ id: user.id, name: nameOf(user) }),
    },
    {
      kind: 'delete',
      route: usersRoutes.delete,
      // Nobody deletes themselves.
      isShown: (user) => user.id !== myId,
      ariaLabel: (user) => t('action.delete', { name: nameOf(user) }),
      onClick: (user) => remove([user.id]),
    },
  ]);

  const isEditing = modal.id !== undefined;
  const page = (
    <CrudPage
      title={t('title')}
      search={
        <SearchBar<TSearchValues> initialValues={INITIAL_SEARCH} onSearch={search}>
          <KeywordsFilter placeholder={t('search.keywordsPlaceholder')} style={{ width: 260 }} />
          <StatusFilter placeholder={t('search.statusPlaceholder')} />
          <Form.Item name="createTime" label={t('search.createTime')}>
            <DatePicker.RangePicker placeholder={[t('search.startDate'), t('search.endDate')]} />
          </Form.Item>
        </SearchBar>
      }
      toolbar={
        <>
          <AddButton route={usersRoutes.create} onClick={() => modal.openCreate()} />
          <BatchDelete route={usersRoutes.delete} selectedKeys={selection.selectedKeys} onDelete={remove} />
          <RouteButton
            route={usersRoutes.import}
            icon={<UploadOutlined aria-hidden />}
            onClick={() => setIsImportOpen(true)}
          >
            {t('action.import')}
          </RouteButton>
          <RouteButton
            route={usersRoutes.export}
            icon={<DownloadOutlined aria-hidden />}
            loading={exportUsers.isPending}
            onClick={() => exportUsers.mutate(list.filters)}
          >
            {t('action.export')}
          </RouteButton>
        </>
      }
    >
      <PagedTable<TUserPageItem>
        list={list}
        rowKey="id"
        columns={[...columns, ...actionsColumn]}
        onChange={onTableChange}
        rowSelection={
          selection.rowSelection && {
            ...selection.rowSelection,
            getCheckboxProps: (user) => ({ disabled: user.id === myId }),
          }
        }
      />
      <FormModal<TUserFormValues>
        modal={modal}
        form={form}
        name="user-form"
        width={640}
        title={t(isEditing ? 'form.editTitle' : 'form.addTitle')}
        initialValues={NEW_USER}
        load={loadUserForm}
        fields={FORM_FIELDS}
        onSubmit={({ confirmPassword: _confirm, ...values }, id) => saveUser.mutateAsync({ values, id })}
      >
        <Form.Item name="username" label={t('field.username')} rules={usernameRules(t)}>
          <Input maxLength={64} autoComplete="off" disabled={isEditing} />
        </Form.Item>
        <Form.Item
          name="nickname"
          label={t('field.nickname')}
          rules={[required(t, t('field.nickname')), { max: 64 }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        {isEditing ? null : (
          <PasswordFields
            name="password"
            label={t('field.password')}
            confirmLabel={t('field.confirmPassword')}
            hasHint
          />
        )}
        <Form.Item
          name="roleIds"
          label={t('field.roles')}
          rules={[{ required: true, type: 'array', min: 1, message: t('validation.roles') }]}
        >
          <Select
            mode="multiple"
            allowClear
            placeholder={t('form.rolesPlaceholder')}
            loading={roles.isFetching}
            options={roles.data ?? []}
            optionFilterProp="label"
          />
        </Form.Item>
        <Form.Item name="deptId" label={t('field.dept')}>
          <TreeSelect<string, TDeptOption>
            allowClear
            showSearch
            treeDefaultExpandAll
            placeholder={t('form.deptPlaceholder')}
            treeData={depts.data ?? []}
            fieldNames={{ label: 'label', value: 'value', children: 'children' }}
            treeNodeFilterProp="label"
            loading={depts.isFetching}
          />
        </Form.Item>
        <Form.Item name="gender" label={t('field.gender')}>
          <Dict code="gender" type="radio" valueType="number" />
        </Form.Item>
        <Form.Item name="mobile" label={t('field.mobile')} rules={mobileRules(t)}>
          <Input maxLength={20} inputMode="tel" />
        </Form.Item>
        <Form.Item name="email" label={t('field.email')} rules={emailRules(t)}>
          <Input maxLength={254} inputMode="email" />
        </Form.Item>
        <Form.Item name="avatar" label={t('field.avatar')} rules={avatarRules(t)}>
          <Input maxLength={1000} placeholder="https://" />
        </Form.Item>
        <StatusField />
      </FormModal>
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      <ImportDialog open={isImportOpen} onClose={() => setIsImportOpen(false)} />
    </CrudPage>
  );

  if (!isDeptTreeShown) return page;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={7} xl={6} xxl={5}>
        <DeptTree
          value={list.filters.deptId ?? undefined}
          onChange={(deptId) => list.search({ ...list.filters, deptId })}
        />
      </Col>
      <Col xs={24} lg={17} xl={18} xxl={19}>
        {page}
      </Col>
    </Row>
  );
}
