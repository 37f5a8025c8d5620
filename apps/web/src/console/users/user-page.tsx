import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  KeyOutlined,
  PlusOutlined,
  UploadOutlined,
} from '@ant-design/icons';
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
  App,
  Button,
  Col,
  DatePicker,
  Form,
  Input,
  Radio,
  Row,
  Select,
  Space,
  Switch,
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
import { useCanCall, usePerm } from '../../shared/permission/access';
import { HasPerm } from '../../shared/permission/has-access';
import { useUser } from '../../shared/session/user-store';
import { useConfirmDelete } from '../shared/confirm-delete';
import { CrudPage } from '../shared/crud-page';
import { FormModal } from '../shared/form-modal';
import { useInvalidateRoutes } from '../shared/invalidate';
import { PagedTable } from '../shared/paged-table';
import { SearchBar } from '../shared/search-bar';
import { StatusTag, useStatusOptions, StatusFilter } from '../shared/status';
import { useFormModal } from '../shared/use-form-modal';
import { usePagedList } from '../shared/use-paged-list';
import { useRowSelection } from '../shared/use-row-selection';
import {
  deleteUsers,
  deptOptionsQuery,
  exportUsers,
  loadUserForm,
  roleOptionsQuery,
  saveFile,
  saveUser,
  setUserStatus,
} from './api';
import { DeptTree } from './dept-tree';
import { ImportDialog } from './import-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import {
  avatarRules,
  confirmRules,
  emailRules,
  mobileRules,
  passwordRules,
  required,
  usernameRules,
} from './user-rules';

export const PERM = {
  query: 'sys:user:query',
  add: 'sys:user:add',
  edit: 'sys:user:edit',
  delete: 'sys:user:delete',
  resetPassword: 'sys:user:password:reset',
  import: 'sys:user:import',
  export: 'sys:user:export',
} as const;

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

/** Users (console-api §2 Users): department tree, search, paged sortable table, and every action. */
export default function UserPage() {
  const { t } = useTranslation(['users', 'system']);
  const { message, modal: dialogs } = App.useApp();
  const can = usePerm();
  const myId = useUser((state) => state.info?.user.userId);
  const list = usePagedList(usersRoutes.page, {});
  const selection = useRowSelection<TUserPageItem>();
  const modal = useFormModal<TUserFormValues>();
  const [form] = Form.useForm<TUserFormValues>();
  const confirmDelete = useConfirmDelete();
  const invalidate = useInvalidateRoutes();
  const statusOptions = useStatusOptions();
  const canCall = useCanCall();
  const isDeptTreeShown = canCall(deptsRoutes.options);
  const depts = useQuery({ ...deptOptionsQuery, enabled: isDeptTreeShown });
  const roles = useQuery({ ...roleOptionsQuery, enabled: canCall(rolesRoutes.options) && modal.isOpen });
  const [statusChanging, setStatusChanging] = useState<string | null>(null);
  const [resetting, setResetting] = useState<{ id: string; name: string } | null>(null);
  const [isImportOpen, setIsImportOpen] = useState(false);
  const [isExporting, setIsExporting] = useState(false);

  const refresh = () => invalidate(usersRoutes.page, usersRoutes.options);
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
        await deleteUsers(ids);
        selection.clear();
        await refresh();
      },
    });

  const changeStatus = async (user: TUserPageItem, isEnabled: boolean) => {
    setStatusChanging(user.id);
    try {
      await setUserStatus(user.id, isEnabled ? 1 : 0);
      void message.success(t(isEnabled ? 'status.enabled' : 'status.disabled', { name: nameOf(user) }));
      await refresh();
    } catch {
      // Shown by the http client.
    } finally {
      setStatusChanging(null);
    }
  };

  const toggleStatus = (user: TUserPageItem, isEnabled: boolean) => {
    if (isEnabled) {
      void changeStatus(user, true);
      return;
    }
    dialogs.confirm({
      title: t('status.confirmTitle'),
      content: t('status.confirmDisable', { name: nameOf(user) }),
      okText: t('status.confirmOk'),
      okButtonProps: { danger: true },
      cancelText: t('system:crud.cancel'),
      onOk: () => changeStatus(user, false),
    });
  };

  const exportList = async () => {
    setIsExporting(true);
    try {
      saveFile(await exportUsers(list.filters));
    } catch {
      // Shown by the http client.
    } finally {
      setIsExporting(false);
    }
  };

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
    {
      title: t('system:crud.status.label'),
      dataIndex: 'status',
      ...sortable('status'),
      render: (status: number, user) =>
        can(PERM.edit) && user.id !== myId ? (
          <Switch
            size="small"
            checked={status === 1}
            loading={statusChanging === user.id}
            aria-label={t('status.switch', { name: nameOf(user) })}
            onChange={(checked) => toggleStatus(user, checked)}
          />
        ) : (
          <StatusTag value={status} />
        ),
    },
    { title: t('field.createTime'), dataIndex: 'createTime', ...sortable('createTime') },
  ];
  if (can([PERM.edit, PERM.delete, PERM.resetPassword])) {
    columns.push({
      title: t('system:crud.table.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, user) => (
        <Space size={0}>
          <HasPerm value={PERM.edit}>
            <Button
              type="link"
              icon={<EditOutlined aria-hidden />}
              aria-label={t('action.edit', { name: nameOf(user) })}
              onClick={() => modal.openEdit(user.id)}
            >
              {t('system:crud.action.edit')}
            </Button>
          </HasPerm>
          <HasPerm value={PERM.resetPassword}>
            <Button
              type="link"
              icon={<KeyOutlined aria-hidden />}
              aria-label={t('action.resetPasswordOf', { name: nameOf(user) })}
              onClick={() => setResetting({ id: user.id, name: nameOf(user) })}
            >
              {t('action.resetPassword')}
            </Button>
          </HasPerm>
          {user.id === myId ? null : (
            <HasPerm value={PERM.delete}>
              <Button
                type="link"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={t('action.delete', { name: nameOf(user) })}
                onClick={() => remove([user.id])}
              >
                {t('system:crud.action.delete')}
              </Button>
            </HasPerm>
          )}
        </Space>
      ),
    });
  }

  const isEditing = modal.id !== undefined;
  const page = (
    <CrudPage
      title={t('title')}
      search={
        <SearchBar<TSearchValues> initialValues={INITIAL_SEARCH} onSearch={search}>
          <Form.Item name="keywords" label={t('system:crud.field.keywords')}>
            <Input placeholder={t('search.keywordsPlaceholder')} allowClear style={{ width: 260 }} />
          </Form.Item>
          <StatusFilter placeholder={t('search.statusPlaceholder')} />
          <Form.Item name="createTime" label={t('search.createTime')}>
            <DatePicker.RangePicker placeholder={[t('search.startDate'), t('search.endDate')]} />
          </Form.Item>
        </SearchBar>
      }
      toolbar={
        <>
          <HasPerm value={PERM.add}>
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => modal.openCreate()}>
              {t('system:crud.action.add')}
            </Button>
          </HasPerm>
          <HasPerm value={PERM.delete}>
            <Button
              danger
              icon={<DeleteOutlined aria-hidden />}
              disabled={selection.selectedKeys.length === 0}
              onClick={() => remove(selection.selectedKeys)}
            >
              {t('system:crud.action.batchDelete')}
            </Button>
          </HasPerm>
          <HasPerm value={PERM.import}>
            <Button icon={<UploadOutlined aria-hidden />} onClick={() => setIsImportOpen(true)}>
              {t('action.import')}
            </Button>
          </HasPerm>
          <HasPerm value={PERM.export}>
            <Button
              icon={<DownloadOutlined aria-hidden />}
              loading={isExporting}
              onClick={() => void exportList()}
            >
              {t('action.export')}
            </Button>
          </HasPerm>
        </>
      }
    >
      <PagedTable<TUserPageItem>
        list={list}
        rowKey="id"
        columns={columns}
        onChange={onTableChange}
        rowSelection={
          can(PERM.delete)
            ? {
                ...selection.rowSelection,
                getCheckboxProps: (user) => ({ disabled: user.id === myId }),
              }
            : undefined
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
        onSubmit={async ({ confirmPassword: _confirm, ...values }, id) => {
          await saveUser(values, id);
          await refresh();
        }}
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
          <>
            <Form.Item
              name="password"
              label={t('field.password')}
              rules={passwordRules(t, t('field.password'))}
              extra={t('validation.password')}
            >
              <Input.Password autoComplete="new-password" maxLength={128} />
            </Form.Item>
            <Form.Item
              name="confirmPassword"
              label={t('field.confirmPassword')}
              dependencies={['password']}
              rules={confirmRules(t, t('field.confirmPassword'), 'password')}
            >
              <Input.Password autoComplete="new-password" maxLength={128} />
            </Form.Item>
          </>
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
        <Form.Item name="status" label={t('system:crud.status.label')}>
          <Radio.Group options={statusOptions} />
        </Form.Item>
      </FormModal>
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      <ImportDialog
        open={isImportOpen}
        onClose={() => setIsImportOpen(false)}
        onImported={() => void refresh()}
      />
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
