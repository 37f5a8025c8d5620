import { UnorderedListOutlined } from '@ant-design/icons';
import { dictItemsRoutes, dictsRoutes, type TDictPageItem, type TDictRequest } from '@linkstore/contract';
import { Form, Input, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfirmDelete } from '../shared/confirm-delete';
import { CrudPage } from '../shared/crud-page';
import { FormModal } from '../shared/form-modal';
import { PagedTable } from '../shared/paged-table';
import { useActionsColumn } from '../shared/row-actions';
import { SearchBar, KeywordsFilter } from '../shared/search-bar';
import { StatusField, StatusTag } from '../shared/status';
import { AddButton, BatchDelete } from '../shared/toolbar';
import { useFormModal } from '../shared/use-form-modal';
import { usePagedList } from '../shared/use-paged-list';
import { useRowSelection } from '../shared/use-row-selection';
import { loadDictForm, useDeleteDicts, useSaveDict } from './api';
import { useDictItemsLink } from './items-path';

const FORM_FIELDS = ['name', 'dictCode', 'remark', 'status'] as const;
/** As the contract's ZDictCode: a lower-case letter, then lower-case letters, digits and `_`. */
const CODE_PATTERN = /^[a-z][a-z0-9_]*$/;
const NEW_DICT: Partial<TDictRequest> = { name: '', dictCode: '', remark: '', status: 1 };

/**
 * Dictionaries (`system/dict/index`): search, paged table, add/edit dialog,
 * batch delete (items go too), and a link to each dictionary's items.
 */
export default function DictPage() {
  const { t } = useTranslation(['dicts', 'system']);
  const list = usePagedList(dictsRoutes.page, { keywords: '' });
  const selection = useRowSelection<TDictPageItem>(dictsRoutes.delete);
  const modal = useFormModal<TDictRequest>();
  const [form] = Form.useForm<TDictRequest>();
  const confirmDelete = useConfirmDelete();
  const saveDict = useSaveDict();
  const deleteDicts = useDeleteDicts();
  const itemsLink = useDictItemsLink();

  const remove = (ids: string[]) =>
    confirmDelete({
      count: ids.length,
      content:
        ids.length > 1 ? t('dict.delete.confirmMany', { number: ids.length }) : t('dict.delete.confirm'),
      onConfirm: async () => {
        await deleteDicts.mutateAsync(ids);
        selection.clear();
      },
    });

  const columns: TableColumnsType<TDictPageItem> = [
    { title: t('dict.field.name'), dataIndex: 'name' },
    {
      title: t('dict.field.dictCode'),
      dataIndex: 'dictCode',
      render: (code: string) => <Typography.Text code>{code}</Typography.Text>,
    },
    {
      title: t('system:crud.status.label'),
      dataIndex: 'status',
      render: (status: number) => <StatusTag value={status} />,
    },
    { title: t('dict.field.remark'), dataIndex: 'remark', ellipsis: true },
    { title: t('system:crud.field.createTime'), dataIndex: 'createTime' },
  ];
  const actionsColumn = useActionsColumn<TDictPageItem>([
    {
      route: dictItemsRoutes.page,
      render: (record) => (
        <Link
          to={itemsLink(record.dictCode)}
          aria-label={t('dict.action.items', { name: record.name })}
          style={{ paddingInline: 8 }}
        >
          <UnorderedListOutlined aria-hidden /> {t('dict.items')}
        </Link>
      ),
    },
    {
      kind: 'edit',
      route: dictsRoutes.update,
      ariaLabel: (record) => t('dict.action.edit', { name: record.name }),
      onClick: (record) => modal.openEdit(record.id),
    },
    {
      kind: 'delete',
      route: dictsRoutes.delete,
      ariaLabel: (record) => t('dict.action.delete', { name: record.name }),
      onClick: (record) => remove([record.id]),
    },
  ]);

  return (
    <CrudPage
      title={t('dict.title')}
      search={
        <SearchBar initialValues={{ keywords: '' }} onSearch={list.search}>
          <KeywordsFilter placeholder={t('dict.search.keywordsPlaceholder')} />
        </SearchBar>
      }
      toolbar={
        <>
          <AddButton route={dictsRoutes.create} onClick={() => modal.openCreate()} />
          <BatchDelete route={dictsRoutes.delete} selectedKeys={selection.selectedKeys} onDelete={remove} />
        </>
      }
    >
      <PagedTable<TDictPageItem>
        list={list}
        rowKey="id"
        columns={[...columns, ...actionsColumn]}
        rowSelection={selection.rowSelection}
      />
      <FormModal<TDictRequest>
        modal={modal}
        form={form}
        name="dict-form"
        title={t(modal.id === undefined ? 'dict.form.addTitle' : 'dict.form.editTitle')}
        initialValues={NEW_DICT}
        load={loadDictForm}
        fields={FORM_FIELDS}
        onSubmit={(values, id) => saveDict.mutateAsync({ values, id })}
      >
        <Form.Item
          name="name"
          label={t('dict.field.name')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('system:crud.validation.required', { field: t('dict.field.name') }),
            },
            { max: 64 },
          ]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="dictCode"
          label={t('dict.field.dictCode')}
          extra={modal.id === undefined ? undefined : t('dict.form.codeMovesItems')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('system:crud.validation.required', { field: t('dict.field.dictCode') }),
            },
            { pattern: CODE_PATTERN, message: t('dict.validation.dictCode') },
            { max: 64 },
          ]}
        >
          <Input maxLength={64} placeholder="notice_type" />
        </Form.Item>
        <StatusField />
        <Form.Item name="remark" label={t('dict.field.remark')} rules={[{ max: 255 }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={255} />
        </Form.Item>
      </FormModal>
    </CrudPage>
  );
}
