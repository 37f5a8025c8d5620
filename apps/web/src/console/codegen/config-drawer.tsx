import {
  codegenRoutes,
  FORM_TYPES,
  menusRoutes,
  QUERY_TYPES,
  rolesRoutes,
  ZCodegenModuleName,
  ZCodegenText,
  type TCodegenConfig,
  type TCodegenField,
} from '@linkstore/contract';
import {
  Card,
  Checkbox,
  Drawer,
  Form,
  Grid,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
  Typography,
  App,
  type FormInstance,
  type TableColumnsType,
} from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpError } from '../../shared/http/http-error';
import { useCanCall } from '../../shared/permission/access';
import { RouteButton } from '../shared/toolbar';
import { loadCodegenConfig, useCodegenOptions, useSaveCodegenConfig } from './api';

type TFormValues = Pick<TCodegenConfig, 'moduleName' | 'entityName' | 'businessName' | 'parentMenuId'> & {
  fields: TCodegenField[];
};

const FLAGS = ['isShowInList', 'isShowInForm', 'isShowInQuery', 'isRequired'] as const;

/**
 * The contract's refusal of control characters (line breaks, tabs, invisible direction marks) in
 * the words that become generated source, as a form rule: the server applies the same schema.
 */
function useNoControlCharacters() {
  const { t } = useTranslation('system');
  return (field: string) => ({
    validator: (_: unknown, value: unknown) =>
      typeof value !== 'string' || ZCodegenText.safeParse(value).success
        ? Promise.resolve()
        : Promise.reject(new Error(t('codegen.config.controlCharacters', { field }))),
  });
}

/** Puts `fields.3.dictType`-style server errors on the grid's cells. */
function applyErrors(form: FormInstance<TFormValues>, error: unknown): void {
  if (!isHttpError(error) || !error.data) return;
  form.setFields(
    error.data.fields.map(({ field, message }) => ({
      name: field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)) as never,
      errors: [message],
    })),
  );
}

/** One column's settings: the cells the grid (wide) and the cards (phone) both show. */
function useFieldCells() {
  const { t } = useTranslation('system');
  const formTypes = FORM_TYPES.map((value) => ({ value, label: t(`codegen.formType.${value}`) }));
  const queryTypes = QUERY_TYPES.map((value) => ({ value, label: t(`codegen.queryType.${value}`) }));
  const label = (key: string, column: string) => `${t(`codegen.field.${key}`)} — ${column}`;
  const noControlCharacters = useNoControlCharacters();
  return (index: number, column: string): { key: string; title: string; cell: ReactNode }[] => [
    {
      key: 'fieldName',
      title: t('codegen.field.fieldName'),
      cell: (
        <Form.Item
          name={[index, 'fieldName']}
          noStyle
          rules={[{ required: true, pattern: /^[a-z][A-Za-z0-9]*$/ }]}
        >
          <Input aria-label={label('fieldName', column)} style={{ minWidth: 110 }} />
        </Form.Item>
      ),
    },
    {
      key: 'fieldComment',
      title: t('codegen.field.fieldComment'),
      cell: (
        <Form.Item
          name={[index, 'fieldComment']}
          noStyle
          rules={[noControlCharacters(label('fieldComment', column))]}
        >
          <Input aria-label={label('fieldComment', column)} maxLength={255} style={{ minWidth: 120 }} />
        </Form.Item>
      ),
    },
    ...FLAGS.map((flag) => ({
      key: flag,
      title: t(`codegen.field.${flag}`),
      cell: (
        <Form.Item name={[index, flag]} valuePropName="checked" noStyle>
          <Checkbox aria-label={label(flag, column)} />
        </Form.Item>
      ),
    })),
    {
      key: 'formType',
      title: t('codegen.field.formType'),
      cell: (
        <Form.Item name={[index, 'formType']} noStyle>
          <Select aria-label={label('formType', column)} options={formTypes} style={{ minWidth: 110 }} />
        </Form.Item>
      ),
    },
    {
      key: 'queryType',
      title: t('codegen.field.queryType'),
      cell: (
        <Form.Item name={[index, 'queryType']} noStyle>
          <Select aria-label={label('queryType', column)} options={queryTypes} style={{ minWidth: 100 }} />
        </Form.Item>
      ),
    },
    {
      key: 'dictType',
      title: t('codegen.field.dictType'),
      cell: (
        <Form.Item name={[index, 'dictType']} noStyle normalize={(value: string) => value.trim() || null}>
          <Input aria-label={label('dictType', column)} style={{ minWidth: 90 }} />
        </Form.Item>
      ),
    },
    {
      key: 'maxLength',
      title: t('codegen.field.maxLength'),
      cell: (
        <Form.Item name={[index, 'maxLength']} noStyle>
          <InputNumber aria-label={label('maxLength', column)} min={1} max={65535} style={{ width: 90 }} />
        </Form.Item>
      ),
    },
  ];
}

/** Shows the errors of one column's cells (noStyle items show none themselves). */
function FieldErrors({ index }: { index: number }) {
  return (
    <Form.Item noStyle shouldUpdate>
      {({ getFieldError }) => {
        const errors = ['fieldName', 'fieldComment', 'dictType', 'isShowInForm'].flatMap((key) =>
          getFieldError(['fields', index, key]),
        );
        return errors.length > 0 ? <Typography.Text type="danger">{errors.join(' ')}</Typography.Text> : null;
      }}
    </Form.Item>
  );
}

/** A table's settings: names, the menu to create, and every column's choices. */
export function ConfigDrawer({ tableName, onClose }: { tableName: string | undefined; onClose: () => void }) {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const [form] = Form.useForm<TFormValues>();
  const [config, setConfig] = useState<TCodegenConfig | undefined>();
  const options = useCodegenOptions();
  const save = useSaveCodegenConfig();
  const screens = Grid.useBreakpoint();
  const isPhone = !screens.md;
  const cellsOf = useFieldCells();
  const noControlCharacters = useNoControlCharacters();
  // Creating the page's menu is what sys:menu:add allows by hand, granting it to ADMIN what
  // sys:role:assign allows: the server refuses the menu to an operator without both.
  const canCall = useCanCall();
  const canCreateMenu = canCall(menusRoutes.create) && canCall(rolesRoutes.assignMenus);

  useEffect(() => {
    if (tableName === undefined) return;
    let isCurrent = true;
    loadCodegenConfig(tableName).then(
      (loaded) => {
        if (!isCurrent) return;
        setConfig(loaded);
        form.setFieldsValue({ ...loaded, parentMenuId: null });
      },
      () => isCurrent && onClose(),
    );
    return () => {
      isCurrent = false;
      setConfig(undefined);
      form.resetFields();
    };
  }, [tableName, form, onClose]);

  const submit = (values: TFormValues) => {
    if (!tableName) return;
    save.mutate(
      {
        tableName,
        values: {
          ...values,
          fields: values.fields.map((f, i) => ({ ...config?.fields[i], ...f })),
        },
      },
      {
        onSuccess: () => {
          void message.success(t('codegen.config.saved'));
          onClose();
        },
        onError: (error) => applyErrors(form, error),
      },
    );
  };

  const fields = config?.fields ?? [];
  const columns: TableColumnsType<TCodegenField & { index: number }> = [
    {
      key: 'column',
      title: t('codegen.field.column'),
      fixed: 'left',
      render: (_, field) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text code>{field.columnName}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {field.columnType}
          </Typography.Text>
          <FieldErrors index={field.index} />
        </Space>
      ),
    },
    ...(fields[0] ? cellsOf(0, '') : []).map((cell, position) => ({
      key: cell.key,
      title: cell.title,
      render: (_: unknown, field: TCodegenField & { index: number }) =>
        cellsOf(field.index, field.columnName)[position]?.cell,
    })),
  ];

  return (
    <Drawer
      open={tableName !== undefined}
      title={t('codegen.config.title', { table: tableName ?? '' })}
      onClose={onClose}
      size={isPhone ? '100%' : 'min(1200px, 96vw)'}
      destroyOnHidden
      extra={
        <RouteButton
          route={codegenRoutes.saveConfig}
          type="primary"
          loading={save.isPending}
          onClick={() => form.submit()}
        >
          {t('crud.save')}
        </RouteButton>
      }
    >
      <Form<TFormValues> form={form} name="codegen-config" layout="vertical" onFinish={submit}>
        <Space wrap align="start" style={{ width: '100%' }}>
          <Form.Item
            name="moduleName"
            label={t('codegen.config.moduleName')}
            extra={t('codegen.config.moduleNameHint')}
            rules={[
              { required: true, pattern: /^[a-z][a-z0-9]*$/, message: t('codegen.config.moduleNameHint') },
              {
                validator: (_, value: unknown) =>
                  typeof value !== 'string' ||
                  !/^[a-z][a-z0-9]*$/.test(value) ||
                  ZCodegenModuleName.safeParse(value).success
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('codegen.config.moduleNameReserved'))),
              },
            ]}
          >
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item
            name="entityName"
            label={t('codegen.config.entityName')}
            extra={t('codegen.config.entityNameHint')}
            rules={[
              { required: true, pattern: /^[A-Z][A-Za-z0-9]*$/, message: t('codegen.config.entityNameHint') },
            ]}
          >
            <Input maxLength={63} />
          </Form.Item>
          <Form.Item
            name="businessName"
            label={t('codegen.config.businessName')}
            rules={[
              {
                required: true,
                whitespace: true,
                message: t('crud.validation.required', { field: t('codegen.config.businessName') }),
              },
              noControlCharacters(t('codegen.config.businessName')),
            ]}
          >
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item
            name="parentMenuId"
            label={t('codegen.config.parentMenu')}
            extra={t(
              canCreateMenu ? 'codegen.config.parentMenuHint' : 'codegen.config.parentMenuNeedsPermissions',
            )}
          >
            <Select
              allowClear
              disabled={!canCreateMenu}
              style={{ minWidth: 200 }}
              options={(options.data?.catalogs ?? []).map((c) => ({
                value: c.id,
                label: `${c.name} (${c.path})`,
              }))}
            />
          </Form.Item>
        </Space>
        <Typography.Title level={2} style={{ fontSize: 16 }}>
          {t('codegen.config.columns')}
        </Typography.Title>
        <Form.List name="fields">
          {() =>
            isPhone ? (
              <Space orientation="vertical" style={{ width: '100%' }}>
                {fields.map((field, index) => (
                  <Card
                    key={field.columnName}
                    size="small"
                    title={
                      <span>
                        <Typography.Text code>{field.columnName}</Typography.Text>{' '}
                        <Typography.Text type="secondary">{field.columnType}</Typography.Text>
                      </span>
                    }
                  >
                    {cellsOf(index, field.columnName).map((cell) => (
                      <div
                        key={cell.key}
                        style={{ display: 'flex', alignItems: 'center', gap: 8, minHeight: 44 }}
                      >
                        <span style={{ flex: '0 0 40%' }}>{cell.title}</span>
                        <span style={{ flex: 1, minWidth: 0 }}>{cell.cell}</span>
                      </div>
                    ))}
                    <FieldErrors index={index} />
                  </Card>
                ))}
              </Space>
            ) : (
              <Table
                size="small"
                rowKey="columnName"
                pagination={false}
                scroll={{ x: 'max-content' }}
                columns={columns}
                dataSource={fields.map((field, index) => ({ ...field, index }))}
              />
            )
          }
        </Form.List>
      </Form>
    </Drawer>
  );
}
