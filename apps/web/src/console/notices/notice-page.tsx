import { RollbackOutlined, SendOutlined } from '@ant-design/icons';
import {
  EMPTY_DOC,
  isEmptyDoc,
  noticesRoutes,
  usersRoutes,
  type TNoticePageItem,
  type TNoticePageQueryInput,
  type TNoticeRequestInput,
  type TRichDoc,
} from '@linkstore/contract';
import { useQuery } from '@tanstack/react-query';
import { App, DatePicker, Form, Input, Radio, Select, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dict } from '../../shared/dict/dict';
import { DictLabel } from '../../shared/dict/dict-label';
import { useCanCall } from '../../shared/permission/access';
import { RichTextField } from '../../shared/rich-text/rich-text-field';
import { useConfirmDelete } from '../shared/confirm-delete';
import { CrudPage } from '../shared/crud-page';
import { FormModal } from '../shared/form-modal';
import { PagedTable } from '../shared/paged-table';
import { useActionsColumn } from '../shared/row-actions';
import { SearchBar } from '../shared/search-bar';
import { AddButton, BatchDelete } from '../shared/toolbar';
import { useFormModal } from '../shared/use-form-modal';
import { usePagedList } from '../shared/use-paged-list';
import { useRowSelection } from '../shared/use-row-selection';
import {
  loadNoticeForm,
  useDeleteNotices,
  usePublishNotice,
  useRevokeNotice,
  useSaveNotice,
  userPickQuery,
} from './api';

type TFormValues = Omit<TNoticeRequestInput, 'content'> & { content: TRichDoc };

interface TSearchValues {
  title: string;
  publishStatus?: '0' | '1' | '-1' | undefined;
  publishTime?: [{ format: (pattern: string) => string }, { format: (pattern: string) => string }] | null;
}

const FORM_FIELDS = ['title', 'content', 'type', 'level', 'targetType', 'targetUserIds'] as const;
const NEW_NOTICE: Partial<TFormValues> = {
  title: '',
  content: EMPTY_DOC,
  level: 'L',
  targetType: 1,
  targetUserIds: [],
};
const INITIAL_SEARCH: TSearchValues = { title: '' };
const STATUS_COLORS: Record<number, string> = { 0: 'default', 1: 'success', '-1': 'warning' };

/** The chosen users: search by name or email (needs sys:user:query); ids already chosen stay. */
function UserPicker(props: { id?: string; value?: string[]; onChange?: (value: string[]) => void }) {
  const { t } = useTranslation('system');
  const canCall = useCanCall();
  const [keywords, setKeywords] = useState('');
  const users = useQuery({ ...userPickQuery(keywords), enabled: canCall(usersRoutes.page) });
  const options = (users.data?.list ?? []).map((user) => ({
    value: user.id,
    label: `${user.nickname || user.username}${user.email ? ` (${user.email})` : ''}`,
  }));
  return (
    <Select
      {...props}
      mode="multiple"
      showSearch={{ filterOption: false, onSearch: setKeywords }}
      options={options}
      placeholder={t('notices.form.targetUsersPlaceholder')}
      loading={users.isFetching}
    />
  );
}

/** Notices: search, paged table, write drafts, publish, revoke, delete. */
export default function NoticePage() {
  const { t } = useTranslation('system');
  const { message, modal: confirm } = App.useApp();
  const list = usePagedList(noticesRoutes.page, {});
  const selection = useRowSelection<TNoticePageItem>(noticesRoutes.delete);
  const modal = useFormModal<TFormValues>();
  const [form] = Form.useForm<TFormValues>();
  const targetType = Form.useWatch('targetType', form);
  const confirmDelete = useConfirmDelete();
  const saveNotice = useSaveNotice();
  const publish = usePublishNotice();
  const revoke = useRevokeNotice();
  const deleteNotices = useDeleteNotices();

  const search = (values: TSearchValues) => {
    const range = values.publishTime;
    const filters: Omit<TNoticePageQueryInput, 'pageNum' | 'pageSize'> = {
      title: values.title,
      publishStatus: values.publishStatus,
      publishTime: range ? [range[0].format('YYYY-MM-DD'), range[1].format('YYYY-MM-DD')] : undefined,
    };
    list.search(filters);
  };

  const remove = (ids: string[]) =>
    confirmDelete({
      count: ids.length,
      onConfirm: async () => {
        await deleteNotices.mutateAsync(ids);
        selection.clear();
      },
    });

  const ask = (title: string, content: string, run: () => Promise<unknown>, done: string) =>
    void confirm.confirm({
      title,
      content,
      onOk: () => run().then(() => void message.success(done)),
    });

  const statusText = (status: number) =>
    status === 1
      ? t('notices.status.published')
      : status === -1
        ? t('notices.status.revoked')
        : t('notices.status.draft');

  const columns: TableColumnsType<TNoticePageItem> = [
    { title: t('notices.field.title'), dataIndex: 'title', ellipsis: true },
    {
      title: t('notices.field.type'),
      dataIndex: 'type',
      render: (type: string) => <DictLabel code="notice_type" value={type} />,
    },
    {
      title: t('notices.field.level'),
      dataIndex: 'level',
      render: (level: string) => <DictLabel code="notice_level" value={level} />,
    },
    {
      title: t('notices.field.target'),
      dataIndex: 'targetType',
      render: (target: number) => (target === 1 ? t('notices.target.all') : t('notices.target.specified')),
    },
    {
      title: t('notices.field.status'),
      dataIndex: 'publishStatus',
      render: (status: number) => <Tag color={STATUS_COLORS[status]}>{statusText(status)}</Tag>,
    },
    { title: t('notices.field.publisher'), dataIndex: 'publisherName' },
    { title: t('notices.field.publishTime'), dataIndex: 'publishTime' },
    { title: t('crud.field.createTime'), dataIndex: 'createTime' },
  ];

  const actionsColumn = useActionsColumn<TNoticePageItem>([
    {
      route: noticesRoutes.publish,
      label: t('notices.action.publish'),
      icon: <SendOutlined aria-hidden />,
      isShown: (notice) => notice.publishStatus !== 1,
      ariaLabel: (notice) => t('notices.action.publishNamed', { name: notice.title }),
      onClick: (notice) =>
        ask(
          t('notices.confirm.publishTitle'),
          t('notices.confirm.publish', { name: notice.title }),
          () => publish.mutateAsync(notice.id),
          t('notices.published'),
        ),
    },
    {
      route: noticesRoutes.revoke,
      label: t('notices.action.revoke'),
      icon: <RollbackOutlined aria-hidden />,
      isShown: (notice) => notice.publishStatus === 1,
      ariaLabel: (notice) => t('notices.action.revokeNamed', { name: notice.title }),
      onClick: (notice) =>
        ask(
          t('notices.confirm.revokeTitle'),
          t('notices.confirm.revoke', { name: notice.title }),
          () => revoke.mutateAsync(notice.id),
          t('notices.revoked'),
        ),
    },
    {
      kind: 'edit',
      route: noticesRoutes.update,
      isShown: (notice) => notice.publishStatus === 0,
      ariaLabel: (notice) => t('notices.action.edit', { name: notice.title }),
      onClick: (notice) => modal.openEdit(notice.id),
    },
    {
      kind: 'delete',
      route: noticesRoutes.delete,
      ariaLabel: (notice) => t('notices.action.delete', { name: notice.title }),
      onClick: (notice) => remove([notice.id]),
    },
  ]);

  const required = (field: string) => ({
    required: true,
    message: t('crud.validation.required', { field }),
  });

  return (
    <CrudPage
      title={t('notices.title')}
      search={
        <SearchBar<TSearchValues> initialValues={INITIAL_SEARCH} onSearch={search}>
          <Form.Item name="title" label={t('notices.field.title')}>
            <Input allowClear maxLength={50} />
          </Form.Item>
          <Form.Item name="publishStatus" label={t('notices.field.status')}>
            <Select
              allowClear
              style={{ minWidth: 140 }}
              options={(['0', '1', '-1'] as const).map((value) => ({
                value,
                label: statusText(Number(value)),
              }))}
            />
          </Form.Item>
          <Form.Item name="publishTime" label={t('notices.field.publishTime')}>
            <DatePicker.RangePicker placeholder={[t('notices.search.from'), t('notices.search.to')]} />
          </Form.Item>
        </SearchBar>
      }
      toolbar={
        <>
          <AddButton route={noticesRoutes.create} onClick={() => modal.openCreate()} />
          <BatchDelete route={noticesRoutes.delete} selectedKeys={selection.selectedKeys} onDelete={remove} />
        </>
      }
    >
      <PagedTable<TNoticePageItem>
        list={list}
        rowKey="id"
        columns={[...columns, ...actionsColumn]}
        rowSelection={selection.rowSelection}
      />
      <FormModal<TFormValues>
        modal={modal}
        form={form}
        name="notice-form"
        width={760}
        title={t(modal.id === undefined ? 'notices.form.addTitle' : 'notices.form.editTitle')}
        initialValues={NEW_NOTICE}
        load={loadNoticeForm}
        fields={FORM_FIELDS}
        onSubmit={(values, id) =>
          saveNotice.mutateAsync({
            values: { ...values, targetUserIds: values.targetType === 2 ? (values.targetUserIds ?? []) : [] },
            id,
          })
        }
      >
        <Form.Item
          name="title"
          label={t('notices.field.title')}
          rules={[{ ...required(t('notices.field.title')), whitespace: true }, { max: 100 }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="type" label={t('notices.field.type')} rules={[required(t('notices.field.type'))]}>
          <Dict code="notice_type" />
        </Form.Item>
        <Form.Item name="level" label={t('notices.field.level')} rules={[required(t('notices.field.level'))]}>
          <Dict code="notice_level" type="radio" />
        </Form.Item>
        <Form.Item name="targetType" label={t('notices.field.target')}>
          <Radio.Group
            options={[
              { value: 1, label: t('notices.target.all') },
              { value: 2, label: t('notices.target.specified') },
            ]}
          />
        </Form.Item>
        {targetType === 2 && (
          <Form.Item
            name="targetUserIds"
            label={t('notices.field.targetUsers')}
            rules={[{ ...required(t('notices.field.targetUsers')), type: 'array', min: 1 }]}
          >
            <UserPicker />
          </Form.Item>
        )}
        <Form.Item
          name="content"
          label={t('notices.field.content')}
          rules={[
            {
              validator: (_, value: TRichDoc | undefined) =>
                value && !isEmptyDoc(value)
                  ? Promise.resolve()
                  : Promise.reject(
                      new Error(t('crud.validation.required', { field: t('notices.field.content') })),
                    ),
            },
          ]}
        >
          <RichTextField label={t('notices.field.content')} />
        </Form.Item>
      </FormModal>
    </CrudPage>
  );
}
