import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { deptsRoutes, type TDept, type TDeptRequest } from '@linkstore/contract';
import { Form, Input, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../shared/confirm-delete';
import { CrudPage } from '../shared/crud-page';
import { FormModal } from '../shared/form-modal';
import { useActionsColumn } from '../shared/row-actions';
import { SearchBar, KeywordsFilter } from '../shared/search-bar';
import { SortField, StatusField, StatusFilter, StatusTag } from '../shared/status';
import { AddButton, BatchDelete } from '../shared/toolbar';
import { ParentTreeSelect } from '../shared/parent-tree-select';
import { ExpandButtons, TreeTable, useTreeExpansion } from '../shared/tree-table';
import { useFormModal } from '../shared/use-form-modal';
import { useRowSelection } from '../shared/use-row-selection';
import {
  deptOptionsQuery,
  deptTreeQuery,
  loadDeptForm,
  useDeleteDepts,
  useSaveDept,
  type TDeptFilters,
} from './api';

const FORM_FIELDS = ['parentId', 'name', 'code', 'sort', 'status'] as const;
const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
const NEW_DEPT: Partial<TDeptRequest> = { parentId: '0', sort: 1, status: 1 };
const NO_FILTERS: TDeptFilters = { keywords: '', status: undefined };

/** Departments: a tree table with search, add child, edit and delete. */
export default function DeptPage() {
  const { t } = useTranslation('system');
  const [filters, setFilters] = useState<TDeptFilters>(NO_FILTERS);
  const tree = useQuery({ ...deptTreeQuery(filters), placeholderData: keepPreviousData });
  const rows = useMemo(() => tree.data ?? [], [tree.data]);
  const expansion = useTreeExpansion(rows);
  const selection = useRowSelection<TDept>(deptsRoutes.delete);
  const modal = useFormModal<TDeptRequest>();
  const [form] = Form.useForm<TDeptRequest>();
  const confirmDelete = useConfirmDelete();
  const saveDept = useSaveDept();
  const deleteDepts = useDeleteDepts();

  const remove = (ids: string[]) =>
    confirmDelete({
      count: ids.length,
      onConfirm: async () => {
        await deleteDepts.mutateAsync(ids);
        selection.clear();
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
  const actionsColumn = useActionsColumn<TDept>([
    {
      route: deptsRoutes.create,
      label: t('depts.action.addChildShort'),
      icon: <PlusOutlined aria-hidden />,
      ariaLabel: (dept) => t('depts.action.addChild', { name: dept.name }),
      onClick: (dept) => modal.openCreate({ parentId: dept.id }),
    },
    {
      kind: 'edit',
      route: deptsRoutes.update,
      ariaLabel: (dept) => t('depts.action.edit', { name: dept.name }),
      onClick: (dept) => modal.openEdit(dept.id),
    },
    {
      kind: 'delete',
      route: deptsRoutes.delete,
      ariaLabel: (dept) => t('depts.action.delete', { name: dept.name }),
      onClick: (dept) => remove([dept.id]),
    },
  ]);

  return (
    <CrudPage
      title={t('depts.title')}
      search={
        <SearchBar<TDeptFilters>
          initialValues={NO_FILTERS}
          onSearch={(values) => {
            setFilters(values);
            expansion.expandAll();
          }}
        >
          <KeywordsFilter placeholder={t('depts.search.keywordsPlaceholder')} />
          <StatusFilter />
        </SearchBar>
      }
      toolbar={
        <>
          <AddButton route={deptsRoutes.create} onClick={() => modal.openCreate()} />
          <BatchDelete route={deptsRoutes.delete} selectedKeys={selection.selectedKeys} onDelete={remove} />
          <ExpandButtons expansion={expansion} />
        </>
      }
    >
      <TreeTable<TDept>
        expansion={expansion}
        columns={[...columns, ...actionsColumn]}
        dataSource={rows}
        loading={tree.isFetching}
        rowSelection={selection.rowSelection && { ...selection.rowSelection, checkStrictly: true }}
      />
      <FormModal<TDeptRequest>
        modal={modal}
        form={form}
        name="dept-form"
        title={t(modal.id === undefined ? 'depts.form.addTitle' : 'depts.form.editTitle')}
        initialValues={NEW_DEPT}
        load={loadDeptForm}
        fields={FORM_FIELDS}
        onSubmit={(values, id) => saveDept.mutateAsync({ values, id })}
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
        <SortField />
        <StatusField />
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
function DeptParentSelect(props: TDeptParentSelectProps) {
  const { t } = useTranslation('system');
  const options = useQuery(deptOptionsQuery);
  return (
    <ParentTreeSelect
      {...props}
      options={options.data}
      isLoading={options.isFetching}
      topTitle={t('depts.form.top')}
    />
  );
}
