import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  DICT_LABEL_LANGUAGES,
  DICT_TAG_TYPES,
  dictItemsRoutes,
  type TDictItemForm,
  type TDictItemPageItem,
  type TDictItemRequest,
  type TDictLabelLanguage,
  type TDictTagTypeOrNone,
  type TLanguage,
} from '@linkstore/contract';
import { Empty, Form, Input, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { tagColorOf } from '../../shared/dict/dict-label';
import { LANGUAGE_NATIVE_NAMES } from '../../shared/i18n/languages';
import { useAppPreferences } from '../../shared/preferences/app-preferences-store';
import { usePermissionStore } from '../../shared/router/dynamic-routes';
import { useConfirmDelete } from '../shared/confirm-delete';
import { CrudPage } from '../shared/crud-page';
import { FormModal } from '../shared/form-modal';
import { PagedTable } from '../shared/paged-table';
import { useActionsColumn } from '../shared/row-actions';
import { SearchBar, KeywordsFilter } from '../shared/search-bar';
import { SortField, StatusField, StatusTag } from '../shared/status';
import { AddButton, BatchDelete } from '../shared/toolbar';
import { useFormModal } from '../shared/use-form-modal';
import { usePagedList } from '../shared/use-paged-list';
import { useRowSelection } from '../shared/use-row-selection';
import { loadDictItemForm, useDeleteDictItems, useSaveDictItem } from './api';
import { findComponentPath } from './items-path';

/** The dictionaries page, to go back to (where the operator's menus put it). */
const DICTS_COMPONENT = 'system/dict/index';
const DEFAULT_DICTS_PATH = '/system/dict';

/** The form keeps each translation in a field of its own (`label_es`), so errors land on it. */
const labelField = <L extends TDictLabelLanguage>(lang: L) => `label_${lang}` as const;
type TLabelFields = Partial<Record<`label_${TDictLabelLanguage}`, string>>;

type TItemFormValues = Omit<TDictItemRequest, 'labels' | 'tagType'> &
  TLabelFields & { tagType?: TDictTagTypeOrNone };

const FORM_FIELDS = [
  'value',
  'label',
  ...DICT_LABEL_LANGUAGES.map(labelField),
  'tagType',
  'sort',
  'status',
  'dictCode',
] as const;
/** The server names translations `labels.es`; the form `label_es`. */
const FIELD_MAP = Object.fromEntries(
  DICT_LABEL_LANGUAGES.map((lang) => [`labels.${lang}`, labelField(lang)]),
);

function toFormValues(item: TDictItemForm): TItemFormValues {
  const values: TItemFormValues = {
    dictCode: item.dictCode,
    value: item.value,
    label: item.label,
    tagType: item.tagType,
    sort: item.sort,
    status: item.status,
  };
  for (const lang of DICT_LABEL_LANGUAGES) values[labelField(lang)] = item.labels[lang];
  return values;
}

function toRequest(values: TItemFormValues, dictCode: string): TDictItemRequest {
  const labels = { es: '', pt: '', 'zh-cn': '', fr: '' };
  for (const lang of DICT_LABEL_LANGUAGES) labels[lang] = values[labelField(lang)]?.trim() ?? '';
  return {
    dictCode,
    value: values.value,
    label: values.label,
    labels,
    tagType: values.tagType ?? '',
    sort: values.sort ?? 0,
    status: values.status ?? 1,
  };
}

/** The label in the interface language, else English (as `/dict/list` answers). */
function labelIn(language: TLanguage, item: TDictItemPageItem): string {
  return language === 'en' ? item.label : item.labels[language] || item.label;
}

/** The dictionary whose items are shown: `?dictCode=` (the menu's params) or a `:dictCode` path. */
function useDictCode(): string {
  const [searchParams] = useSearchParams();
  const params = useParams();
  return (searchParams.get('dictCode') ?? params.dictCode ?? '').trim();
}

/**
 * A dictionary's items (`system/dict/data`): search, paged table with each
 * item's tag, add/edit dialog with the label in every language and the tag type with a preview,
 * batch delete.
 */
export default function DictItemsPage() {
  const dictCode = useDictCode();
  const { t } = useTranslation(['dicts', 'system']);
  const routes = usePermissionStore((state) => state.routes);
  const backPath = findComponentPath(routes, DICTS_COMPONENT) ?? DEFAULT_DICTS_PATH;
  const back = (
    <Link to={backPath}>
      <ArrowLeftOutlined aria-hidden /> {t('item.back')}
    </Link>
  );

  if (dictCode === '') {
    return (
      <CrudPage title={t('item.title')}>
        <Empty description={t('item.noDict')}>{back}</Empty>
      </CrudPage>
    );
  }
  // Keyed by the code: another dictionary starts with fresh filters and selection.
  return <DictItems key={dictCode} dictCode={dictCode} back={back} />;
}

function DictItems({ dictCode, back }: { dictCode: string; back: ReactNode }) {
  const { t } = useTranslation(['dicts', 'system']);
  const language = useAppPreferences((state) => state.language);
  const list = usePagedList(dictItemsRoutes.page, { dictCode, keywords: '' });
  const selection = useRowSelection<TDictItemPageItem>(dictItemsRoutes.delete);
  const modal = useFormModal<TItemFormValues>();
  const [form] = Form.useForm<TItemFormValues>();
  const previewLabel = Form.useWatch('label', form);
  const previewTag = Form.useWatch('tagType', form);
  const confirmDelete = useConfirmDelete();
  const saveItem = useSaveDictItem();
  const deleteItems = useDeleteDictItems();

  const tagTypeOptions = [
    { value: '', label: t('item.tagType.none') },
    ...DICT_TAG_TYPES.map((type) => ({
      value: type,
      label: <Tag color={tagColorOf(type)}>{t(`item.tagType.${type}`)}</Tag>,
    })),
  ];

  const remove = (ids: string[]) =>
    confirmDelete({
      count: ids.length,
      onConfirm: async () => {
        await deleteItems.mutateAsync(ids);
        selection.clear();
      },
    });

  const columns: TableColumnsType<TDictItemPageItem> = [
    {
      title: t('item.field.label'),
      key: 'label',
      // As DictLabel shows it elsewhere: the tag in its colour.
      render: (_, item) => <Tag color={tagColorOf(item.tagType)}>{labelIn(language, item)}</Tag>,
    },
    {
      title: t('item.field.value'),
      dataIndex: 'value',
      render: (value: string) => <Typography.Text code>{value}</Typography.Text>,
    },
    { title: t('system:crud.field.sort'), dataIndex: 'sort' },
    {
      title: t('system:crud.status.label'),
      dataIndex: 'status',
      render: (status: number) => <StatusTag value={status} />,
    },
    { title: t('system:crud.field.createTime'), dataIndex: 'createTime' },
  ];
  const actionsColumn = useActionsColumn<TDictItemPageItem>([
    {
      kind: 'edit',
      route: dictItemsRoutes.update,
      ariaLabel: (item) => t('item.action.edit', { label: item.label }),
      onClick: (item) => modal.openEdit(item.id),
    },
    {
      kind: 'delete',
      route: dictItemsRoutes.delete,
      ariaLabel: (item) => t('item.action.delete', { label: item.label }),
      onClick: (item) => remove([item.id]),
    },
  ]);

  return (
    <CrudPage
      title={t('item.titleOf', { code: dictCode })}
      search={
        <SearchBar initialValues={{ dictCode, keywords: '' }} onSearch={list.search}>
          <KeywordsFilter placeholder={t('item.search.keywordsPlaceholder')} />
        </SearchBar>
      }
      toolbar={
        <>
          {back}
          <AddButton route={dictItemsRoutes.create} onClick={() => modal.openCreate()} />
          <BatchDelete
            route={dictItemsRoutes.delete}
            selectedKeys={selection.selectedKeys}
            onDelete={remove}
          />
        </>
      }
    >
      <PagedTable<TDictItemPageItem>
        list={list}
        rowKey="id"
        columns={[...columns, ...actionsColumn]}
        rowSelection={selection.rowSelection}
      />
      <FormModal<TItemFormValues>
        modal={modal}
        form={form}
        name="dict-item-form"
        width={640}
        title={t(modal.id === undefined ? 'item.form.addTitle' : 'item.form.editTitle')}
        initialValues={{ dictCode, value: '', label: '', tagType: '', sort: 0, status: 1 }}
        load={async (id) => toFormValues(await loadDictItemForm(id))}
        fields={FORM_FIELDS}
        fieldMap={FIELD_MAP}
        onSubmit={(values, id) => saveItem.mutateAsync({ values: toRequest(values, dictCode), id })}
      >
        <Form.Item name="dictCode" label={t('item.field.dictCode')}>
          <Input disabled />
        </Form.Item>
        <Form.Item
          name="value"
          label={t('item.field.value')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('system:crud.validation.required', { field: t('item.field.value') }),
            },
            { max: 64 },
          ]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="label"
          label={t('item.field.labelIn', { language: LANGUAGE_NATIVE_NAMES.en })}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('system:crud.validation.required', { field: t('item.field.label') }),
            },
            { max: 128 },
          ]}
        >
          <Input maxLength={128} />
        </Form.Item>
        {DICT_LABEL_LANGUAGES.map((lang) => (
          <Form.Item
            key={lang}
            name={labelField(lang)}
            label={t('item.field.labelIn', { language: LANGUAGE_NATIVE_NAMES[lang] })}
            rules={[{ max: 128 }]}
          >
            <Input maxLength={128} placeholder={t('item.form.labelFallback')} lang={lang} />
          </Form.Item>
        ))}
        <Form.Item label={t('item.field.tagType')} required={false}>
          <Space wrap>
            <Form.Item name="tagType" noStyle>
              <Select
                aria-label={t('item.field.tagType')}
                options={tagTypeOptions}
                style={{ minWidth: 160 }}
              />
            </Form.Item>
            <span aria-label={t('item.field.preview')}>
              <Tag color={tagColorOf(previewTag)}>{previewLabel || t('item.field.label')}</Tag>
            </span>
          </Space>
        </Form.Item>
        <SortField />
        <StatusField />
      </FormModal>
    </CrudPage>
  );
}
