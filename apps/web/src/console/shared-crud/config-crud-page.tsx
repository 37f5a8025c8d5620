import type { TRouteDef } from '@linkstore/contract';
import { Form, Input, Select, type FormRule, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dict } from '../../shared/dict/dict';
import { DictLabel } from '../../shared/dict/dict-label';
import { callRoute, type TRouteInput } from '../../shared/http/call-route';
import { useRouteMutation } from '../../shared/http/use-route-mutation';
import { useConfirmDelete } from '../shared/confirm-delete';
import { CrudPage } from '../shared/crud-page';
import { FormModal } from '../shared/form-modal';
import { PagedTable, type TPagedTableList } from '../shared/paged-table';
import { useActionsColumn } from '../shared/row-actions';
import { SearchBar } from '../shared/search-bar';
import { AddButton, BatchDelete } from '../shared/toolbar';
import { useFormModal } from '../shared/use-form-modal';
import { usePagedList, type TItemOf, type TPagedRoute } from '../shared/use-paged-list';
import { useRowSelection } from '../shared/use-row-selection';
import {
  formFieldsFor,
  zodRule,
  type TColumn,
  type TCrudConfig,
  type TFormField,
  type TSearchField,
} from './crud-config';

/** Calls a route of the config (its input shape is the config's business, not typed here). */
const call = (route: TRouteDef, input: Record<string, unknown>) =>
  callRoute(route, input as TRouteInput<TRouteDef>);

function searchControl<TFilters>(field: TSearchField<TFilters>): ReactNode {
  const common = { placeholder: field.placeholder, 'aria-label': field.label };
  if (field.type === 'select') {
    return <Select allowClear style={{ width: 160 }} options={[...field.options]} {...common} />;
  }
  if (field.type === 'dict') return <Dict code={field.dictCode} style={{ width: 160 }} {...common} />;
  return <Input allowClear {...common} />;
}

function columnOf<TItem>(column: TColumn<TItem>): TableColumnsType<TItem>[number] {
  const base = { key: column.name, title: column.title, dataIndex: column.name, width: column.width };
  if (column.type === 'dict') {
    const { dictCode } = column;
    return {
      ...base,
      render: (value: string | number | null) => <DictLabel code={dictCode} value={value} size="small" />,
    };
  }
  if (column.type === 'custom') {
    const { render } = column;
    return { ...base, render: (_: unknown, item: TItem) => render(item) };
  }
  return base;
}

function formControl<TValues>(field: TFormField<TValues>): ReactNode {
  switch (field.type) {
    case 'password':
      return <Input.Password autoComplete="new-password" placeholder={field.placeholder} />;
    case 'textarea':
      return <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} placeholder={field.placeholder} />;
    case 'select':
      return (
        <Select
          allowClear
          mode={field.isMultiple ? 'multiple' : undefined}
          options={[...field.options]}
          placeholder={field.placeholder}
        />
      );
    case 'dict-radio':
      return <Dict code={field.dictCode} type="radio" valueType="number" />;
    case 'dict-select':
      return <Dict code={field.dictCode} placeholder={field.placeholder} />;
    case 'custom':
      return field.render();
    default:
      return <Input placeholder={field.placeholder} />;
  }
}

export interface TConfigCrudPageProps<R extends TPagedRoute, TValues extends object> {
  config: TCrudConfig<R, TValues>;
}

/**
 * A whole console list page from one configuration: search bar, paged table with the
 * configured columns and an actions column, Add / Delete selected, and the add/edit dialog whose
 * fields are checked with the contract's schemas and receive the server's field errors.
 */
export function ConfigCrudPage<R extends TPagedRoute, TValues extends object>({
  config,
}: TConfigCrudPageProps<R, TValues>) {
  const { t } = useTranslation('system');
  const { routes } = config;
  type TItem = TItemOf<R> & object;
  const list = usePagedList(routes.page, config.search.initialValues);
  const selection = useRowSelection<TItem>(routes.delete);
  const modal = useFormModal<TValues>();
  const [form] = Form.useForm<TValues>();
  const confirmDelete = useConfirmDelete();
  const save = useRouteMutation({
    mutationFn: ({ values, id }: { values: TValues; id: string | undefined }) =>
      id === undefined
        ? call(routes.create, { body: values })
        : call(routes.update, { params: { id }, body: values }),
    invalidates: [routes.page],
  });
  const remove = useRouteMutation({
    mutationFn: (ids: readonly string[]) => call(routes.delete, { params: { ids: ids.join(',') } }),
    invalidates: [routes.page],
  });

  const idOf = (item: TItem) => String((item as Record<string, unknown>)[config.rowKey]);
  const askDelete = (ids: string[]) =>
    confirmDelete({
      count: ids.length,
      onConfirm: async () => {
        await remove.mutateAsync(ids);
        selection.clear();
      },
    });

  const actionsColumn = useActionsColumn<TItem>([
    {
      kind: 'edit',
      route: routes.update,
      ariaLabel: (item) => config.actionLabels.edit(config.itemName(item)),
      onClick: (item) => modal.openEdit(idOf(item)),
    },
    {
      kind: 'delete',
      route: routes.delete,
      ariaLabel: (item) => config.actionLabels.delete(config.itemName(item)),
      onClick: (item) => askDelete([idOf(item)]),
    },
  ]);

  const fields = formFieldsFor(config.form.fields, modal.id);
  const rulesOf = (field: TFormField<TValues>): FormRule[] => {
    const rules: FormRule[] = [];
    if (field.required) {
      rules.push({
        required: true,
        message: t('crud.validation.required', { field: field.label }),
      });
    }
    if (field.schema) {
      rules.push(zodRule(field.schema, field.message ?? field.label, field.required ?? false));
    }
    return rules;
  };

  return (
    <CrudPage
      title={config.title}
      search={
        <SearchBar initialValues={config.search.initialValues} onSearch={list.search}>
          {config.search.fields.map((field) => (
            <Form.Item key={field.name} name={String(field.name)} label={field.label}>
              {searchControl(field)}
            </Form.Item>
          ))}
        </SearchBar>
      }
      toolbar={
        <>
          <AddButton route={routes.create} onClick={() => modal.openCreate()} />
          <BatchDelete route={routes.delete} selectedKeys={selection.selectedKeys} onDelete={askDelete} />
        </>
      }
    >
      <PagedTable<TItem>
        list={list as unknown as TPagedTableList<TItem>}
        rowKey={(item) => idOf(item)}
        columns={[...config.columns.map((column) => columnOf(column as TColumn<TItem>)), ...actionsColumn]}
        rowSelection={selection.rowSelection}
        scroll={{ x: 'max-content' }}
      />
      <FormModal<TValues>
        modal={modal}
        form={form}
        name={config.form.name}
        title={modal.id === undefined ? config.form.addTitle : config.form.editTitle}
        initialValues={config.form.initialValues}
        load={(id) => call(routes.form, { params: { id } }) as Promise<Partial<TValues>>}
        fields={config.form.fields.map((field) => field.name)}
        onSubmit={(values, id) => save.mutateAsync({ values, id })}
      >
        {fields.map((field) => (
          <Form.Item key={field.name} name={String(field.name)} label={field.label} rules={rulesOf(field)}>
            {formControl(field)}
          </Form.Item>
        ))}
      </FormModal>
    </CrudPage>
  );
}
