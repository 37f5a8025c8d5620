import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { deptsRoutes, type TDept, type TDeptRequest } from '@linkstore/contract';
import {
  Button,
  Form,
  Input,
  InputNumber,
  Radio,
  Space,
  Table,
  TreeSelect,
  type TableColumnsType,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePerm } from '../../shared/permission/access';
import { HasPerm } from '../../shared/permission/has-access';
import { useConfirmDelete } from '../shared/confirm-delete';
import { CrudPage } from '../shared/crud-page';
import { FormModal } from '../shared/form-modal';
import { useInvalidateRoutes } from '../shared/invalidate';
import { SearchBar } from '../shared/search-bar';
import { StatusTag, useStatusOptions, StatusFilter } from '../shared/status';
import { mapTree, parentKeys, subtreeKeys } from '../shared/tree';
import { useFormModal } from '../shared/use-form-modal';
import { useRowSelection } from '../shared/use-row-selection';
import {
  deleteDepts,
  deptOptionsQuery,
  deptTreeQuery,
  loadDeptForm,
  saveDept,
  type TDeptFilters,
} from './api';

const PERM = { add: 'sys:dept:add', edit: 'sys:dept:edit', delete: 'sys:dept:delete' } as const;

const FORM_FIELDS = ['parentId', 'name', 'code', 'sort', 'status'] as const;
const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
const NEW_DEPT: Partial<TDeptRequest> = { parentId: '0', sort: 1, status: 1 };
const NO_FILTERS: TDeptFilters = { keywords: '', status: undefined };
const TOP = '0';

/** Departments (console-api §2): a tree table with search, add child, edit and delete. */
export default function DeptPage() {
  const { t } = useTranslation('system');
  const can = usePerm();
  const [filters, setFilters] = useState<TDeptFilters>(NO_FILTERS);
  const tree = useQuery({ ...deptTreeQuery(filters), placeholderData: keepPreviousData });
  // null: every row with children open (the default, also after a search).
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const rows = useMemo(() => tree.data ?? [], [tree.data]);
  const allParents = useMemo(() => parentKeys(rows, (dept) => dept.id), [rows]);
  const selection = useRowSelection<TDept>();
  const modal = useFormModal<TDeptRequest>();
  const [form] = Form.useForm<TDeptRequest>();
  const confirmDelete = useConfirmDelete();
  const invalidate = useInvalidateRoutes();
  const statusOptions = useStatusOptions();

  const remove = (ids: string[]) =>
    confirmDelete({
      count: ids.length,
      onConfirm: async () => {
        await deleteDepts(ids);
        selection.clear();
        await invalidate(deptsRoutes.list, deptsRoutes.options);
      },
    });

  const columns: TableColumnsType<TDept> = [
    { title: t('depts.field.name'), dataIndex: 'name' },
    { title: t('depts.field.code'), dataIndex: 'code' },
    {
      title: t('crud.status.label'),
      dataIndex: 'status',
      render: (status: number) => <StatusTag value={status} />,
    },
    { title: t('crud.field.sort'), dataIndex: 'sort' },
    { title: t('crud.field.createTime'), dataIndex: 'createTime' },
  ];
  if (can([PERM.add, PERM.edit, PERM.delete])) {
    columns.push({
      title: t('crud.table.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, dept) => (
        <Space size={0} wrap>
          <HasPerm value={PERM.add}>
            <Button
              type="link"
              icon={<PlusOutlined aria-hidden />}
              aria-label={t('depts.action.addChild', { name: dept.name })}
              onClick={() => modal.openCreate({ parentId: dept.id })}
            >
              {t('depts.action.addChildShort')}
            </Button>
          </HasPerm>
          <HasPerm value={PERM.edit}>
            <Button
              type="link"
              icon={<EditOutlined aria-hidden />}
              aria-label={t('depts.action.edit', { name: dept.name })}
              onClick={() => modal.openEdit(dept.id)}
            >
              {t('crud.action.edit')}
            </Button>
          </HasPerm>
          <HasPerm value={PERM.delete}>
            <Button
              type="link"
              danger
              icon={<DeleteOutlined aria-hidden />}
              aria-label={t('depts.action.delete', { name: dept.name })}
              onClick={() => remove([dept.id])}
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
      title={t('depts.title')}
      search={
        <SearchBar<TDeptFilters>
          initialValues={NO_FILTERS}
          onSearch={(values) => {
            setFilters(values);
            setExpanded(null);
          }}
        >
          <Form.Item name="keywords" label={t('crud.field.keywords')}>
            <Input placeholder={t('depts.search.keywordsPlaceholder')} allowClear />
          </Form.Item>
          <StatusFilter />
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
          <Button onClick={() => setExpanded(null)}>{t('crud.action.expandAll')}</Button>
          <Button onClick={() => setExpanded([])}>{t('crud.action.collapseAll')}</Button>
        </>
      }
    >
      <Table<TDept>
        size="middle"
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={tree.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowSelection={can(PERM.delete) ? { ...selection.rowSelection, checkStrictly: true } : undefined}
        expandable={{
          expandedRowKeys: expanded ?? allParents,
          onExpandedRowsChange: (keys) => setExpanded(keys.map(String)),
        }}
      />
      <FormModal<TDeptRequest>
        modal={modal}
        form={form}
        name="dept-form"
        title={t(modal.id === undefined ? 'depts.form.addTitle' : 'depts.form.editTitle')}
        initialValues={NEW_DEPT}
        load={loadDeptForm}
        fields={FORM_FIELDS}
        onSubmit={async (values, id) => {
          await saveDept(values, id);
          await invalidate(deptsRoutes.list, deptsRoutes.options);
        }}
      >
        <Form.Item
          name="parentId"
          label={t('depts.field.parent')}
          rules={[
            { required: true, message: t('crud.validation.select', { field: t('depts.field.parent') }) },
          ]}
        >
          <DeptParentSelect editedId={modal.isOpen ? modal.id : undefined} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('depts.field.name')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('crud.validation.required', { field: t('depts.field.name') }),
            },
            { max: 64 },
          ]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('depts.field.code')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('crud.validation.required', { field: t('depts.field.code') }),
            },
            { pattern: CODE_PATTERN, message: t('depts.validation.code') },
            { max: 64 },
          ]}
        >
          <Input maxLength={64} placeholder="RD001" />
        </Form.Item>
        <Form.Item name="sort" label={t('crud.field.sort')}>
          <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="status" label={t('crud.status.label')}>
          <Radio.Group options={statusOptions} />
        </Form.Item>
      </FormModal>
    </CrudPage>
  );
}

interface TDeptParentSelectProps {
  /** The department being edited: it and its branch cannot be its own parent. */
  editedId: string | undefined;
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}

/** The parent picker: the top level, then the active departments as a tree. */
function DeptParentSelect({ editedId, value, onChange, id }: TDeptParentSelectProps) {
  const { t } = useTranslation('system');
  const options = useQuery(deptOptionsQuery);
  const treeData = useMemo(() => {
    const data = options.data ?? [];
    const blocked = new Set(editedId ? subtreeKeys(data, (node) => node.value, editedId) : []);
    const nodes = mapTree(data, (node, children: object[] | undefined) => ({
      value: node.value,
      title: node.label,
      disabled: blocked.has(node.value),
      ...(children ? { children } : {}),
    }));
    return [{ value: TOP, title: t('depts.form.top'), children: nodes }];
  }, [options.data, editedId, t]);
  return (
    <TreeSelect
      id={id}
      value={value}
      onChange={onChange}
      treeData={treeData}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      loading={options.isFetching}
    />
  );
}
