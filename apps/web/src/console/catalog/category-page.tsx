import { ColumnWidthOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  categoriesRoutes,
  sizeGuidesRoutes,
  type TCategory,
  type TCategoryRequest,
} from '@linkstore/contract';
import { Avatar, Form, Input, Select, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../shared/upload/image-upload';
import { fileUrl } from '../../shared/upload/upload-api';
import { useConfirmDelete } from '../shared/confirm-delete';
import { CrudPage } from '../shared/crud-page';
import { FormModal } from '../shared/form-modal';
import { useActionsColumn } from '../shared/row-actions';
import { SearchBar, KeywordsFilter } from '../shared/search-bar';
import { SortField, StatusField, StatusFilter } from '../shared/status';
import { useStatusColumn } from '../shared/status-column';
import { AddButton } from '../shared/toolbar';
import { ExpandButtons, TreeTable, useTreeExpansion } from '../shared/tree-table';
import { useFormModal } from '../shared/use-form-modal';
import {
  categoryTreeQuery,
  firstLevelOptionsQuery,
  loadCategoryForm,
  useDeleteCategory,
  useSaveCategory,
  useSetCategoryStatus,
  type TCategoryFilters,
} from './api';
import { SizeGuideEditor } from './size-guide-editor';

/** The languages a name is translated into besides English (the `name` itself). */
const OTHER_LANGUAGES = ['es', 'pt', 'zh-cn', 'fr'] as const;

const FORM_FIELDS = [
  'parentId',
  'name',
  ...OTHER_LANGUAGES.map((lang) => `names.${lang}`),
  'iconUrl',
  'sort',
  'status',
] as const;
const NEW_CATEGORY: Partial<TCategoryRequest> = { parentId: '0', sort: 1, status: 1, names: {} };
const NO_FILTERS: TCategoryFilters = { keywords: '', status: undefined };
const TOP = '0';

/** Categories (issue 5): a two-level tree table with search, add, add child, edit, delete and status. */
export default function CategoryPage() {
  const { t } = useTranslation(['catalog', 'system']);
  const [filters, setFilters] = useState<TCategoryFilters>(NO_FILTERS);
  const tree = useQuery({ ...categoryTreeQuery(filters), placeholderData: keepPreviousData });
  const rows = useMemo(() => tree.data ?? [], [tree.data]);
  const expansion = useTreeExpansion(rows);
  const modal = useFormModal<TCategoryRequest>();
  const [form] = Form.useForm<TCategoryRequest>();
  const confirmDelete = useConfirmDelete();
  const saveCategory = useSaveCategory();
  const deleteCategory = useDeleteCategory();
  const setStatus = useSetCategoryStatus();
  const [sizeGuideOf, setSizeGuideOf] = useState<TCategory | null>(null);

  const remove = (category: TCategory) =>
    confirmDelete({
      count: 1,
      onConfirm: () => deleteCategory.mutateAsync(category.id),
    });

  const statusColumn = useStatusColumn<TCategory, { id: string; isShown: boolean }>({
    route: categoriesRoutes.status,
    mutation: setStatus,
    variables: (category, isShown) => ({ id: category.id, isShown }),
    ariaLabel: (category) => t('category.status.switch', { name: category.label }),
    successMessage: (category, isShown) =>
      t(isShown ? 'category.status.shown' : 'category.status.hidden', { name: category.label }),
    confirmOff: (category) => ({
      title: t('category.status.confirmTitle'),
      content: t('category.status.confirmHide', { name: category.label }),
      okText: t('category.status.confirmOk'),
    }),
  });

  const columns: TableColumnsType<TCategory> = [
    { title: t('category.field.name'), dataIndex: 'label' },
    {
      title: t('category.field.icon'),
      dataIndex: 'iconUrl',
      render: (iconUrl: string | null, category) =>
        iconUrl ? (
          <Avatar
            shape="square"
            size={32}
            src={fileUrl(iconUrl)}
            alt={t('category.iconOf', { name: category.label })}
          />
        ) : null,
    },
    { title: t('system:crud.field.sort'), dataIndex: 'sort' },
    statusColumn,
    { title: t('system:crud.field.createTime'), dataIndex: 'createTime' },
  ];
  const actionsColumn = useActionsColumn<TCategory>([
    {
      route: categoriesRoutes.create,
      label: t('category.action.addChildShort'),
      icon: <PlusOutlined aria-hidden />,
      // Two levels: only a first-level category takes children.
      isShown: (category) => category.parentId === TOP,
      ariaLabel: (category) => t('category.action.addChild', { name: category.label }),
      onClick: (category) => modal.openCreate({ parentId: category.id }),
    },
    {
      // Both levels: a sub-category without a guide of its own shows its parent's.
      route: sizeGuidesRoutes.save,
      label: t('sizeGuide.action'),
      icon: <ColumnWidthOutlined aria-hidden />,
      ariaLabel: (category) => t('sizeGuide.actionFor', { name: category.label }),
      onClick: setSizeGuideOf,
    },
    {
      kind: 'edit',
      route: categoriesRoutes.update,
      ariaLabel: (category) => t('category.action.edit', { name: category.label }),
      onClick: (category) => modal.openEdit(category.id),
    },
    {
      kind: 'delete',
      route: categoriesRoutes.delete,
      ariaLabel: (category) => t('category.action.delete', { name: category.label }),
      onClick: remove,
    },
  ]);

  return (
    <CrudPage
      title={t('category.title')}
      search={
        <SearchBar<TCategoryFilters>
          initialValues={NO_FILTERS}
          onSearch={(values) => {
            setFilters(values);
            expansion.expandAll();
          }}
        >
          <KeywordsFilter placeholder={t('category.search.keywordsPlaceholder')} />
          <StatusFilter />
        </SearchBar>
      }
      toolbar={
        <>
          <AddButton route={categoriesRoutes.create} onClick={() => modal.openCreate()}>
            {t('category.action.addTop')}
          </AddButton>
          <ExpandButtons expansion={expansion} />
        </>
      }
    >
      <TreeTable<TCategory>
        expansion={expansion}
        columns={[...columns, ...actionsColumn]}
        dataSource={rows}
        loading={tree.isFetching}
      />
      <FormModal<TCategoryRequest>
        modal={modal}
        form={form}
        name="category-form"
        title={t(modal.id === undefined ? 'category.form.addTitle' : 'category.form.editTitle')}
        initialValues={NEW_CATEGORY}
        load={loadCategoryForm}
        fields={FORM_FIELDS}
        onSubmit={(values, id) =>
          saveCategory.mutateAsync({ values: { ...values, iconUrl: values.iconUrl ?? '' }, id })
        }
      >
        <Form.Item
          name="parentId"
          label={t('category.field.parent')}
          rules={[
            {
              required: true,
              message: t('system:crud.validation.select', { field: t('category.field.parent') }),
            },
          ]}
        >
          <CategoryParentSelect editedId={modal.isOpen ? modal.id : undefined} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('category.field.nameIn', { language: t('category.language.en') })}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('system:crud.validation.required', { field: t('category.field.name') }),
            },
            { max: 64 },
          ]}
        >
          <Input maxLength={64} />
        </Form.Item>
        {OTHER_LANGUAGES.map((lang) => (
          <Form.Item
            key={lang}
            name={['names', lang]}
            label={t('category.field.nameIn', { language: t(`category.language.${lang}`) })}
            rules={[{ max: 64 }]}
          >
            <Input maxLength={64} placeholder={t('category.form.optional')} />
          </Form.Item>
        ))}
        <Form.Item name="iconUrl" label={t('category.field.icon')}>
          <ImageUpload purpose="category" />
        </Form.Item>
        <SortField />
        <StatusField />
      </FormModal>
      <SizeGuideEditor category={sizeGuideOf} onClose={() => setSizeGuideOf(null)} />
    </CrudPage>
  );
}

interface TCategoryParentSelectProps {
  /** The category being edited: it cannot be its own parent. */
  editedId: string | undefined;
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}

/** The parent picker: first level, or one of the shown first-level categories (two levels only). */
function CategoryParentSelect({ editedId, value, onChange, id }: TCategoryParentSelectProps) {
  const { t } = useTranslation('catalog');
  const options = useQuery(firstLevelOptionsQuery);
  const selectOptions = useMemo(
    () => [
      { value: TOP, label: t('category.form.top') },
      ...(options.data ?? [])
        .filter((option) => option.value !== editedId)
        .map((option) => ({ value: option.value, label: option.label })),
    ],
    [options.data, editedId, t],
  );
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      options={selectOptions}
      showSearch={{ optionFilterProp: 'label' }}
      loading={options.isFetching}
    />
  );
}
