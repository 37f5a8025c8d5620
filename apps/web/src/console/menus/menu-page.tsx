import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { menusRoutes, type TMenu, type TMenuType } from '@linkstore/contract';
import { App, Button, Form, Input, Space, Switch, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePerm } from '../../shared/permission/access';
import { HasPerm } from '../../shared/permission/has-access';
import { translateRouteTitle } from '../../shared/router/dynamic-routes';
import { menuIcon } from '../layout/menu-icon';
import { useConfirmDelete } from '../shared/confirm-delete';
import { CrudPage } from '../shared/crud-page';
import { FormModal } from '../shared/form-modal';
import { useInvalidateRoutes } from '../shared/invalidate';
import { SearchBar } from '../shared/search-bar';
import { parentKeys } from '../shared/tree';
import { useFormModal } from '../shared/use-form-modal';
import { deleteMenu, loadMenuForm, menuTreeQuery, saveMenu, setMenuVisible } from './api';
import { MENU_FORM_FIELDS, MenuFormFields } from './menu-form-fields';
import { childTypeOf, fromMenuForm, NEW_MENU, type TMenuFormValues } from './menu-form-values';

const PERM = { add: 'sys:menu:add', edit: 'sys:menu:edit', delete: 'sys:menu:delete' } as const;

const TYPE_COLORS: Record<TMenuType, string> = {
  CATALOG: 'processing',
  MENU: 'success',
  BUTTON: 'warning',
  EXTLINK: 'purple',
};

/**
 * Menus (console-api §2): a tree table of catalogs, pages, buttons and links with search, the
 * visibility toggle, add child / edit / delete (which takes the whole branch), and the form
 * that changes with the menu type.
 */
export default function MenuPage() {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const can = usePerm();
  const [keywords, setKeywords] = useState('');
  const tree = useQuery({ ...menuTreeQuery(keywords), placeholderData: keepPreviousData });
  const rows = useMemo(() => tree.data ?? [], [tree.data]);
  const allParents = useMemo(() => parentKeys(rows, (menu) => menu.id), [rows]);
  // null: every row with children open (the default, also after a search).
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const modal = useFormModal<TMenuFormValues>();
  const [form] = Form.useForm<TMenuFormValues>();
  const confirmDelete = useConfirmDelete();
  const invalidate = useInvalidateRoutes();
  const [visibilityChanging, setVisibilityChanging] = useState<string | null>(null);

  const refreshMenus = () => invalidate(menusRoutes.list, menusRoutes.options);

  const remove = (menu: TMenu) =>
    confirmDelete({
      content: t(menu.children?.length ? 'menus.delete.confirmBranch' : 'menus.delete.confirm', {
        name: translateRouteTitle(menu.name),
      }),
      onConfirm: async () => {
        await deleteMenu(menu.id);
        await refreshMenus();
      },
    });

  const changeVisible = async (menu: TMenu, isVisible: boolean) => {
    setVisibilityChanging(menu.id);
    try {
      await setMenuVisible(menu.id, isVisible);
      const name = translateRouteTitle(menu.name);
      void message.success(t(isVisible ? 'menus.visible.shown' : 'menus.visible.hidden', { name }));
      await refreshMenus();
    } catch {
      // Shown by the http client.
    } finally {
      setVisibilityChanging(null);
    }
  };

  const columns: TableColumnsType<TMenu> = [
    {
      title: t('menus.field.name'),
      dataIndex: 'name',
      render: (name: string, menu) => (
        <Space size={6}>
          {menuIcon(menu.icon ?? undefined)}
          <span>{translateRouteTitle(name)}</span>
        </Space>
      ),
    },
    {
      title: t('menus.field.type'),
      dataIndex: 'type',
      render: (type: TMenuType) => <Tag color={TYPE_COLORS[type]}>{t(`menus.type.${type}`)}</Tag>,
    },
    {
      title: t('menus.field.routePath'),
      dataIndex: 'routePath',
      render: (value: string | null) => value ?? '',
    },
    {
      title: t('menus.field.component'),
      dataIndex: 'component',
      render: (value: string | null) => value ?? '',
    },
    {
      title: t('menus.field.perm'),
      dataIndex: 'perm',
      render: (perm: string | null) => (perm ? <Typography.Text code>{perm}</Typography.Text> : ''),
    },
    {
      title: t('menus.field.visible'),
      dataIndex: 'visible',
      render: (visible: number, menu) => {
        if (menu.type === 'BUTTON') return '';
        if (!can(PERM.edit)) {
          return visible === 1 ? (
            <Tag color="success">{t('menus.flag.shown')}</Tag>
          ) : (
            <Tag>{t('menus.flag.hidden')}</Tag>
          );
        }
        return (
          <Switch
            size="small"
            checked={visible === 1}
            loading={visibilityChanging === menu.id}
            aria-label={t('menus.visible.switch', { name: translateRouteTitle(menu.name) })}
            onChange={(checked) => void changeVisible(menu, checked)}
          />
        );
      },
    },
    { title: t('crud.field.sort'), dataIndex: 'sort' },
  ];
  if (can([PERM.add, PERM.edit, PERM.delete])) {
    columns.push({
      title: t('crud.table.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, menu) => {
        const name = translateRouteTitle(menu.name);
        return (
          <Space size={0} wrap>
            {menu.type === 'CATALOG' || menu.type === 'MENU' ? (
              <HasPerm value={PERM.add}>
                <Button
                  type="link"
                  icon={<PlusOutlined aria-hidden />}
                  aria-label={t('menus.action.addChild', { name })}
                  onClick={() => modal.openCreate({ parentId: menu.id, type: childTypeOf(menu.type) })}
                >
                  {t('menus.action.addChildShort')}
                </Button>
              </HasPerm>
            ) : null}
            <HasPerm value={PERM.edit}>
              <Button
                type="link"
                icon={<EditOutlined aria-hidden />}
                aria-label={t('menus.action.edit', { name })}
                onClick={() => modal.openEdit(menu.id)}
              >
                {t('crud.action.edit')}
              </Button>
            </HasPerm>
            <HasPerm value={PERM.delete}>
              <Button
                type="link"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={t('menus.action.delete', { name })}
                onClick={() => remove(menu)}
              >
                {t('crud.action.delete')}
              </Button>
            </HasPerm>
          </Space>
        );
      },
    });
  }

  return (
    <CrudPage
      title={t('menus.title')}
      search={
        <SearchBar
          initialValues={{ keywords: '' }}
          onSearch={(values) => {
            setKeywords(values.keywords);
            setExpanded(null);
          }}
        >
          <Form.Item name="keywords" label={t('crud.field.keywords')}>
            <Input placeholder={t('menus.search.keywordsPlaceholder')} allowClear />
          </Form.Item>
        </SearchBar>
      }
      toolbar={
        <>
          <HasPerm value={PERM.add}>
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => modal.openCreate()}>
              {t('crud.action.add')}
            </Button>
          </HasPerm>
          <Button onClick={() => setExpanded(null)}>{t('crud.action.expandAll')}</Button>
          <Button onClick={() => setExpanded([])}>{t('crud.action.collapseAll')}</Button>
        </>
      }
    >
      <Table<TMenu>
        size="middle"
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={tree.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{
          expandedRowKeys: expanded ?? allParents,
          onExpandedRowsChange: (keys) => setExpanded(keys.map(String)),
        }}
      />
      <FormModal<TMenuFormValues>
        modal={modal}
        form={form}
        name="menu-form"
        title={t(modal.id === undefined ? 'menus.form.addTitle' : 'menus.form.editTitle')}
        width={680}
        initialValues={NEW_MENU}
        load={async (id) => fromMenuForm(await loadMenuForm(id))}
        fields={MENU_FORM_FIELDS}
        onSubmit={async (values, id) => {
          await saveMenu(values, id);
          await refreshMenus();
        }}
      >
        <MenuFormFields form={form} editedId={modal.isOpen ? modal.id : undefined} />
      </FormModal>
    </CrudPage>
  );
}
