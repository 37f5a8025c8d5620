import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { menusRoutes, type TMenu, type TMenuType } from '@linkstore/contract';
import { Form, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateRouteTitle } from '../../shared/router/dynamic-routes';
import { menuIcon } from '../layout/menu-icon';
import { useConfirmDelete } from '../shared/confirm-delete';
import { CrudPage } from '../shared/crud-page';
import { FormModal } from '../shared/form-modal';
import { useActionsColumn } from '../shared/row-actions';
import { SearchBar, KeywordsFilter } from '../shared/search-bar';
import { AddButton } from '../shared/toolbar';
import { useStatusColumn } from '../shared/status-column';
import { ExpandButtons, TreeTable, useTreeExpansion } from '../shared/tree-table';
import { useFormModal } from '../shared/use-form-modal';
import { loadMenuForm, menuTreeQuery, useDeleteMenu, useSaveMenu, useSetMenuVisible } from './api';
import { MENU_FORM_FIELDS, MenuFormFields } from './menu-form-fields';
import { childTypeOf, fromMenuForm, NEW_MENU, type TMenuFormValues } from './menu-form-values';

const TYPE_COLORS: Record<TMenuType, string> = {
  CATALOG: 'processing',
  MENU: 'success',
  BUTTON: 'warning',
  EXTLINK: 'purple',
};

/**
 * Menus: a tree table of catalogs, pages, buttons and links with search, the
 * visibility toggle, add child / edit / delete (which takes the whole branch), and the form
 * that changes with the menu type.
 */
export default function MenuPage() {
  const { t } = useTranslation('system');
  const [keywords, setKeywords] = useState('');
  const tree = useQuery({ ...menuTreeQuery(keywords), placeholderData: keepPreviousData });
  const rows = useMemo(() => tree.data ?? [], [tree.data]);
  const expansion = useTreeExpansion(rows);
  const modal = useFormModal<TMenuFormValues>();
  const [form] = Form.useForm<TMenuFormValues>();
  const confirmDelete = useConfirmDelete();
  const saveMenu = useSaveMenu();
  const deleteMenu = useDeleteMenu();
  const setVisible = useSetMenuVisible();

  const remove = (menu: TMenu) =>
    confirmDelete({
      content: t(menu.children?.length ? 'menus.delete.confirmBranch' : 'menus.delete.confirm', {
        name: translateRouteTitle(menu.name),
      }),
      onConfirm: () => deleteMenu.mutateAsync(menu.id),
    });

  const visibleColumn = useStatusColumn<TMenu, { id: string; isVisible: boolean }>({
    route: menusRoutes.setVisible,
    mutation: setVisible,
    variables: (menu, isVisible) => ({ id: menu.id, isVisible }),
    ariaLabel: (menu) => t('menus.visible.switch', { name: translateRouteTitle(menu.name) }),
    successMessage: (menu, isVisible) =>
      t(isVisible ? 'menus.visible.shown' : 'menus.visible.hidden', { name: translateRouteTitle(menu.name) }),
    dataIndex: 'visible',
    title: t('menus.field.visible'),
    fallback: (visible) =>
      visible === 1 ? (
        <Tag color="success">{t('menus.flag.shown')}</Tag>
      ) : (
        <Tag>{t('menus.flag.hidden')}</Tag>
      ),
  });

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
      ...visibleColumn,
      // A button is never in the sidebar.
      render: (visible: number, menu, index) =>
        menu.type === 'BUTTON' ? '' : visibleColumn.render?.(visible, menu, index),
    },
    { title: t('crud.field.sort'), dataIndex: 'sort' },
  ];
  const actionsColumn = useActionsColumn<TMenu>([
    {
      route: menusRoutes.create,
      label: t('menus.action.addChildShort'),
      icon: <PlusOutlined aria-hidden />,
      ariaLabel: (menu) => t('menus.action.addChild', { name: translateRouteTitle(menu.name) }),
      isShown: (menu) => menu.type === 'CATALOG' || menu.type === 'MENU',
      onClick: (menu) => modal.openCreate({ parentId: menu.id, type: childTypeOf(menu.type) }),
    },
    {
      kind: 'edit',
      route: menusRoutes.update,
      ariaLabel: (menu) => t('menus.action.edit', { name: translateRouteTitle(menu.name) }),
      onClick: (menu) => modal.openEdit(menu.id),
    },
    {
      kind: 'delete',
      route: menusRoutes.remove,
      ariaLabel: (menu) => t('menus.action.delete', { name: translateRouteTitle(menu.name) }),
      onClick: remove,
    },
  ]);

  return (
    <CrudPage
      title={t('menus.title')}
      search={
        <SearchBar
          initialValues={{ keywords: '' }}
          onSearch={(values) => {
            setKeywords(values.keywords);
            expansion.expandAll();
          }}
        >
          <KeywordsFilter placeholder={t('menus.search.keywordsPlaceholder')} />
        </SearchBar>
      }
      toolbar={
        <>
          <AddButton route={menusRoutes.create} onClick={() => modal.openCreate()} />
          <ExpandButtons expansion={expansion} />
        </>
      }
    >
      <TreeTable<TMenu>
        expansion={expansion}
        columns={[...columns, ...actionsColumn]}
        dataSource={rows}
        loading={tree.isFetching}
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
        onSubmit={(values, id) => saveMenu.mutateAsync({ values, id })}
      >
        <MenuFormFields form={form} editedId={modal.isOpen ? modal.id : undefined} />
      </FormModal>
    </CrudPage>
  );
}
