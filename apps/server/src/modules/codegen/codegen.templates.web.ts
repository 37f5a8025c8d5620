import type { TCodegenFile } from '@linkstore/contract';
import { formFields, listFields, queryFields, type GenModel, type ModelField } from './codegen.model';
import { jsxAttribute, tsComment, tsString } from './codegen.encode';
import { file, queryKeys } from './codegen.templates.server';

/**
 * `from '<path>'` of a generated import. Written through this helper so that this file's own
 * source never looks like a relative import (the module-graph test reads imports from the text).
 */
const fromPath = (path: string) => `from '${path}'`;

/** The generated console page (list, search, form dialog), its api.ts and its texts. */

/** Every value is written through the encoder of the place it lands (codegen.encode.ts). */
const q = tsString;
const lines = (parts: (string | false | undefined)[]) =>
  parts.filter((p) => p !== false && p !== undefined).join('\n');

function control(f: ModelField): { element: string; imports: string[]; valuePropName?: string } {
  const dict = f.dictType && ['select', 'radio', 'checkbox'].includes(f.formType) ? f.dictType : null;
  if (dict) {
    const type = f.formType === 'radio' ? 'radio' : 'select';
    const valueType = f.tsType === 'number' ? " valueType='number'" : '';
    return {
      element: `<Dict ${jsxAttribute('code', dict)} type="${type}"${valueType} />`,
      imports: ['Dict'],
    };
  }
  if (f.tsType === 'boolean') {
    return f.formType === 'checkbox'
      ? { element: '<Checkbox />', imports: ['Checkbox'], valuePropName: 'checked' }
      : { element: '<Switch />', imports: ['Switch'], valuePropName: 'checked' };
  }
  if (f.tsType === 'number')
    return { element: "<InputNumber style={{ width: '100%' }} />", imports: ['InputNumber'] };
  switch (f.formType) {
    case 'textarea':
      return {
        element: `<Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={${f.maxLength ?? 4000}} />`,
        imports: ['Input'],
      };
    case 'date':
      return { element: '<Input type="date" />', imports: ['Input'] };
    case 'datetime':
      return { element: '<Input placeholder="2026-01-31 09:30:00" />', imports: ['Input'] };
    default:
      return { element: `<Input maxLength={${f.maxLength ?? 4000}} />`, imports: ['Input'] };
  }
}

export function webApi(m: GenModel): TCodegenFile {
  const E = m.entity;
  return file(
    `apps/web/src/console/${m.moduleName}/${m.kebab}-api.ts`,
    'typescript',
    lines([
      `import { ${m.camel}Routes, type T${E}, type T${E}RequestInput } from '@linkstore/contract';`,
      `import { callRoute } ${fromPath('../../shared/http/call-route')};`,
      `import { useRouteMutation } ${fromPath('../../shared/http/use-route-mutation')};`,
      '',
      `/** The ${tsComment(m.kebab)} page reads \`${m.camel}Routes.page\` (with \`usePagedList\`); these are its record loader and its changes. */`,
      '',
      `export function load${E}(id: string): Promise<T${E}> {`,
      `  return callRoute(${m.camel}Routes.form, { params: { id } });`,
      '}',
      '',
      '/** Adds a record, or edits record `id`. */',
      `export function useSave${E}() {`,
      '  return useRouteMutation({',
      `    mutationFn: ({ values, id }: { values: T${E}RequestInput; id: string | undefined }) =>`,
      '      id === undefined',
      `        ? callRoute(${m.camel}Routes.create, { body: values })`,
      `        : callRoute(${m.camel}Routes.update, { params: { id }, body: values }),`,
      `    invalidates: [${m.camel}Routes.page],`,
      '  });',
      '}',
      '',
      `export function useDelete${E}s() {`,
      '  return useRouteMutation({',
      '    mutationFn: (ids: readonly string[]) =>',
      `      callRoute(${m.camel}Routes.delete, { params: { ids: ids.join(',') } }),`,
      `    invalidates: [${m.camel}Routes.page],`,
      '  });',
      '}',
    ]),
  );
}

export function webPage(m: GenModel): TCodegenFile {
  const E = m.entity;
  const k = (key: string) => q(`${m.camel}.${key}`);
  const fieldLabel = (f: ModelField) => `t(${k(`field.${f.fieldName}`)})`;
  const antd = new Set<string>(['Form', 'type TableColumnsType']);
  let usesDict = false;
  let usesDictLabel = false;

  const columns = listFields(m).map((f) => {
    if (f.dictType) {
      usesDictLabel = true;
      return `    {\n      title: ${fieldLabel(f)},\n      dataIndex: ${q(f.fieldName)},\n      render: (value: string | number | null) => <DictLabel ${jsxAttribute('code', f.dictType)} value={value} />,\n    },`;
    }
    if (f.tsType === 'boolean') {
      return `    {\n      title: ${fieldLabel(f)},\n      dataIndex: ${q(f.fieldName)},\n      render: (value: boolean | null) => (value ? t(${k('yes')}) : t(${k('no')})),\n    },`;
    }
    return `    { title: ${fieldLabel(f)}, dataIndex: ${q(f.fieldName)}${f.formType === 'textarea' ? ', ellipsis: true' : ''} },`;
  });

  const searchItems = queryFields(m).flatMap((f) =>
    queryKeys(f).map((key) => {
      antd.add('Input');
      const label =
        key === f.fieldName
          ? fieldLabel(f)
          : `t(${k(key.endsWith('From') ? 'search.from' : 'search.to')}, { field: ${fieldLabel(f)} })`;
      const type = f.kind === 'date' ? ' type="date"' : '';
      return `          <Form.Item ${jsxAttribute('name', key)} label={${label}}>\n            <Input${type} allowClear />\n          </Form.Item>`;
    }),
  );

  const formItems = formFields(m).map((f) => {
    if (f.formType === 'hidden') {
      antd.add('Input');
      return `        <Form.Item ${jsxAttribute('name', f.fieldName)} hidden>\n          <Input />\n        </Form.Item>`;
    }
    const c = control(f);
    for (const name of c.imports) {
      if (name === 'Dict') usesDict = true;
      else antd.add(name);
    }
    const rules: string[] = [];
    if (f.mustSend) {
      rules.push(
        `{ required: true,${f.tsType === 'string' ? ' whitespace: true,' : ''} message: t('crud.validation.required', { field: ${fieldLabel(f)} }) }`,
      );
    }
    if (f.tsType === 'string' && f.maxLength) rules.push(`{ max: ${f.maxLength} }`);
    return [
      '        <Form.Item',
      `          ${jsxAttribute('name', f.fieldName)}`,
      `          label={${fieldLabel(f)}}`,
      c.valuePropName ? `          valuePropName="${c.valuePropName}"` : undefined,
      rules.length > 0 ? `          rules={[${rules.join(', ')}]}` : undefined,
      '        >',
      `          ${c.element}`,
      '        </Form.Item>',
    ]
      .filter(Boolean)
      .join('\n');
  });

  const defaults = formFields(m).map((f) => {
    const value =
      f.tsType === 'boolean' ? 'false' : f.tsType === 'number' ? (f.isNullable ? 'null' : 'undefined') : "''";
    return `${f.fieldName}: ${value}`;
  });

  const sortedAntd = [...antd].sort((a, b) => a.replace('type ', '').localeCompare(b.replace('type ', '')));
  return file(
    `apps/web/src/console/${m.moduleName}/${m.kebab}-page.tsx`,
    'tsx',
    lines([
      `import { ${m.camel}Routes, type T${E}, type T${E}RequestInput } from '@linkstore/contract';`,
      `import { ${sortedAntd.join(', ')} } from 'antd';`,
      "import { useTranslation } from 'react-i18next';",
      usesDict && `import { Dict } ${fromPath('../../shared/dict/dict')};`,
      usesDictLabel && `import { DictLabel } ${fromPath('../../shared/dict/dict-label')};`,
      `import { useConfirmDelete } ${fromPath('../shared/confirm-delete')};`,
      `import { CrudPage } ${fromPath('../shared/crud-page')};`,
      `import { FormModal } ${fromPath('../shared/form-modal')};`,
      `import { PagedTable } ${fromPath('../shared/paged-table')};`,
      `import { useActionsColumn } ${fromPath('../shared/row-actions')};`,
      searchItems.length > 0 && `import { SearchBar } ${fromPath('../shared/search-bar')};`,
      `import { AddButton, BatchDelete } ${fromPath('../shared/toolbar')};`,
      `import { useFormModal } ${fromPath('../shared/use-form-modal')};`,
      `import { usePagedList } ${fromPath('../shared/use-paged-list')};`,
      `import { useRowSelection } ${fromPath('../shared/use-row-selection')};`,
      `import { load${E}, useDelete${E}s, useSave${E} } ${fromPath(`./${m.kebab}-api`)};`,
      '',
      `const FORM_FIELDS = [${formFields(m)
        .map((f) => q(f.fieldName))
        .join(', ')}] as const;`,
      `const NEW_RECORD: Partial<T${E}RequestInput> = { ${defaults.join(', ')} };`,
      '',
      `/** ${tsComment(m.businessName)}: search, paged table, add/edit/delete (generated by the code generator). */`,
      `export default function ${E}Page() {`,
      "  const { t } = useTranslation('system');",
      `  const list = usePagedList(${m.camel}Routes.page, {});`,
      `  const selection = useRowSelection<T${E}>(${m.camel}Routes.delete);`,
      `  const modal = useFormModal<T${E}RequestInput>();`,
      `  const [form] = Form.useForm<T${E}RequestInput>();`,
      '  const confirmDelete = useConfirmDelete();',
      `  const save = useSave${E}();`,
      `  const deleteRecords = useDelete${E}s();`,
      '',
      '  const remove = (ids: string[]) =>',
      '    confirmDelete({',
      '      count: ids.length,',
      '      onConfirm: async () => {',
      '        await deleteRecords.mutateAsync(ids);',
      '        selection.clear();',
      '      },',
      '    });',
      '',
      `  const columns: TableColumnsType<T${E}> = [`,
      ...columns,
      '  ];',
      '',
      `  const actionsColumn = useActionsColumn<T${E}>([`,
      '    {',
      "      kind: 'edit',",
      `      route: ${m.camel}Routes.update,`,
      `      ariaLabel: (record) => t(${k('action.edit')}, { id: record.id }),`,
      '      onClick: (record) => modal.openEdit(record.id),',
      '    },',
      '    {',
      "      kind: 'delete',",
      `      route: ${m.camel}Routes.delete,`,
      `      ariaLabel: (record) => t(${k('action.delete')}, { id: record.id }),`,
      '      onClick: (record) => remove([record.id]),',
      '    },',
      '  ]);',
      '',
      '  return (',
      '    <CrudPage',
      `      title={t(${k('title')})}`,
      searchItems.length > 0 &&
        [
          '      search={',
          '        <SearchBar initialValues={{}} onSearch={list.search}>',
          ...searchItems,
          '        </SearchBar>',
          '      }',
        ].join('\n'),
      '      toolbar={',
      '        <>',
      `          <AddButton route={${m.camel}Routes.create} onClick={() => modal.openCreate()} />`,
      `          <BatchDelete route={${m.camel}Routes.delete} selectedKeys={selection.selectedKeys} onDelete={remove} />`,
      '        </>',
      '      }',
      '    >',
      `      <PagedTable<T${E}>`,
      '        list={list}',
      '        rowKey="id"',
      '        columns={[...columns, ...actionsColumn]}',
      '        rowSelection={selection.rowSelection}',
      '      />',
      `      <FormModal<T${E}RequestInput>`,
      '        modal={modal}',
      '        form={form}',
      `        ${jsxAttribute('name', `${m.kebab}-form`)}`,
      `        title={t(modal.id === undefined ? ${k('form.addTitle')} : ${k('form.editTitle')})}`,
      '        initialValues={NEW_RECORD}',
      `        load={load${E}}`,
      '        fields={FORM_FIELDS}',
      '        onSubmit={(values, id) => save.mutateAsync({ values, id })}',
      '      >',
      ...formItems,
      '      </FormModal>',
      '    </CrudPage>',
      '  );',
      '}',
    ]),
  );
}

/** The page's texts in English, to merge into `locales/<lang>/system.json` and translate. */
export function webLocale(m: GenModel): TCodegenFile {
  const texts = {
    [m.camel]: {
      title: m.businessName,
      field: Object.fromEntries(m.fields.map((f) => [f.fieldName, f.fieldComment])),
      search: { from: '{{field}} from', to: '{{field}} to' },
      form: { addTitle: `Add: ${m.businessName}`, editTitle: `Edit: ${m.businessName}` },
      action: { edit: 'Edit record {{id}}', delete: 'Delete record {{id}}' },
      yes: 'Yes',
      no: 'No',
    },
  };
  return file(
    `apps/web/src/console/${m.moduleName}/${m.kebab}.locale.en.json`,
    'json',
    JSON.stringify(texts, null, 2),
  );
}
