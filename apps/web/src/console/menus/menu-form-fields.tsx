import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { MENU_TYPES, PERM_PATTERN, type TMenuType } from '@linkstore/contract';
import { Button, Form, Input, Radio, Space, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { translateRouteTitle } from '../../shared/router/dynamic-routes';
import { ParentTreeSelect, TOP_PARENT, type TParentOption } from '../shared/parent-tree-select';
import { SortField } from '../shared/status';
import { menuParentOptionsQuery } from './api';
import { IconSelect } from '../shared/icon-select';
import type { TMenuFormValues } from './menu-form-values';

/** The form fields that can receive the server's field errors. */
export const MENU_FORM_FIELDS = [
  'parentId',
  'name',
  'type',
  'routeName',
  'routePath',
  'component',
  'perm',
  'visible',
  'sort',
  'icon',
  'redirect',
  'keepAlive',
  'alwaysShow',
  'params',
] as const;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The menu dialog's fields, which change with the type:
 * CATALOG parent, name, path, visible, alwaysShow, sort, icon, redirect; MENU adds route name,
 * component, params and keepAlive; BUTTON name and permission; EXTLINK the URL.
 */
export function MenuFormFields({
  form,
  editedId,
}: {
  form: FormInstance<TMenuFormValues>;
  editedId?: string;
}) {
  const { t } = useTranslation('system');
  const type = Form.useWatch('type', form) ?? 'CATALOG';
  const required = (field: string) => ({
    required: true,
    whitespace: true,
    message: t('crud.validation.required', { field }),
  });
  const onOff = [
    { value: 1, label: t('menus.flag.on') },
    { value: 0, label: t('menus.flag.off') },
  ];
  const shownHidden = [
    { value: 1, label: t('menus.flag.shown') },
    { value: 0, label: t('menus.flag.hidden') },
  ];
  const is = (...types: TMenuType[]) => types.includes(type);

  return (
    <>
      <Form.Item
        name="parentId"
        label={t('menus.field.parent')}
        rules={[
          { required: true, message: t('crud.validation.select', { field: t('menus.field.parent') }) },
          {
            validator: (_, value) =>
              type === 'BUTTON' && value === TOP_PARENT
                ? Promise.reject(new Error(t('menus.validation.buttonParent')))
                : Promise.resolve(),
          },
        ]}
      >
        <MenuParentSelect editedId={editedId} />
      </Form.Item>
      <Form.Item name="type" label={t('menus.field.type')}>
        <Radio.Group
          optionType="button"
          options={MENU_TYPES.map((value) => ({ value, label: t(`menus.type.${value}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('menus.field.name')}
        rules={[required(t('menus.field.name')), { max: 64 }]}
        extra={t('menus.help.name')}
      >
        <Input maxLength={64} />
      </Form.Item>
      {is('CATALOG', 'MENU') ? (
        <Form.Item
          name="routePath"
          label={t('menus.field.routePath')}
          rules={[required(t('menus.field.routePath')), { max: 255 }]}
        >
          <Input maxLength={255} placeholder={type === 'CATALOG' ? '/system' : 'user'} />
        </Form.Item>
      ) : null}
      {is('EXTLINK') ? (
        <Form.Item
          name="routePath"
          label={t('menus.field.url')}
          rules={[
            required(t('menus.field.url')),
            { max: 255 },
            {
              validator: (_, value: string | undefined) =>
                !value || isHttpUrl(value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('menus.validation.url'))),
            },
          ]}
        >
          <Input maxLength={255} placeholder="https://example.com/docs" />
        </Form.Item>
      ) : null}
      {is('MENU') ? (
        <>
          <Form.Item name="routeName" label={t('menus.field.routeName')} rules={[{ max: 64 }]}>
            <Input maxLength={64} placeholder="User" />
          </Form.Item>
          <Form.Item
            name="component"
            label={t('menus.field.component')}
            rules={[required(t('menus.field.component')), { max: 255 }]}
          >
            <Input maxLength={255} placeholder="system/user/index" />
          </Form.Item>
          <Form.Item label={t('menus.field.params')}>
            <ParamsEditor />
          </Form.Item>
        </>
      ) : null}
      {is('BUTTON') ? (
        <Form.Item
          name="perm"
          label={t('menus.field.perm')}
          rules={[
            required(t('menus.field.perm')),
            { pattern: PERM_PATTERN, message: t('menus.validation.perm') },
            { max: 128 },
          ]}
        >
          <Input maxLength={128} placeholder="sys:user:add" />
        </Form.Item>
      ) : null}
      {is('CATALOG', 'MENU', 'EXTLINK') ? (
        <Form.Item name="visible" label={t('menus.field.visible')}>
          <Radio.Group options={shownHidden} />
        </Form.Item>
      ) : null}
      {is('CATALOG', 'MENU') ? (
        <Form.Item name="alwaysShow" label={t('menus.field.alwaysShow')} extra={t('menus.help.alwaysShow')}>
          <Radio.Group options={onOff} />
        </Form.Item>
      ) : null}
      {is('MENU') ? (
        <Form.Item name="keepAlive" label={t('menus.field.keepAlive')}>
          <Radio.Group options={onOff} />
        </Form.Item>
      ) : null}
      <SortField max={999_999} />
      {is('CATALOG', 'MENU', 'EXTLINK') ? (
        <Form.Item name="icon" label={t('menus.field.icon')}>
          <IconSelect />
        </Form.Item>
      ) : null}
      {is('CATALOG', 'MENU') ? (
        <Form.Item name="redirect" label={t('menus.field.redirect')} rules={[{ max: 255 }]}>
          <Input maxLength={255} placeholder="/system/user" />
        </Form.Item>
      ) : null}
    </>
  );
}

/** Route params of a page: key/value rows, added to the query when the sidebar opens it. */
function ParamsEditor() {
  const { t } = useTranslation('system');
  return (
    <Form.List name="params">
      {(rows, { add, remove }) => (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {rows.map((row, index) => (
            <Space key={row.key} align="baseline">
              <Form.Item
                name={[row.name, 'key']}
                noStyle
                rules={[{ required: true, whitespace: true, message: t('menus.validation.paramKey') }]}
              >
                <Input
                  placeholder={t('menus.params.key')}
                  aria-label={t('menus.params.keyOf', { index: index + 1 })}
                />
              </Form.Item>
              <Form.Item name={[row.name, 'value']} noStyle>
                <Input
                  placeholder={t('menus.params.value')}
                  aria-label={t('menus.params.valueOf', { index: index + 1 })}
                />
              </Form.Item>
              <Button
                type="text"
                icon={<MinusCircleOutlined aria-hidden />}
                aria-label={t('menus.params.remove', { index: index + 1 })}
                onClick={() => remove(row.name)}
              />
            </Space>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => add({ key: '', value: '' })}
          >
            {t('menus.params.add')}
          </Button>
        </Space>
      )}
    </Form.List>
  );
}

interface TMenuParentSelectProps {
  /** The menu being edited: it and its branch cannot be its own parent. */
  editedId: string | undefined;
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}

/** The parent picker: the top level, then catalogs and pages (`/menus/options?onlyParent=true`). */
function MenuParentSelect(props: TMenuParentSelectProps) {
  const { t } = useTranslation('system');
  const options = useQuery(menuParentOptionsQuery);
  return (
    <ParentTreeSelect
      {...props}
      options={options.data}
      isLoading={options.isFetching}
      topTitle={t('menus.form.top')}
      titleOf={titleOfMenu}
    />
  );
}

const titleOfMenu = (option: TParentOption) => translateRouteTitle(option.label);
