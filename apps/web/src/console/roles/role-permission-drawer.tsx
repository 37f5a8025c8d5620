import { useQuery } from '@tanstack/react-query';
import type { TMenuOption, TRolePageItem } from '@linkstore/contract';
import {
  App,
  Button,
  Drawer,
  Flex,
  Input,
  Spin,
  Switch,
  Tree,
  type TreeDataNode,
  type TreeProps,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateRouteTitle } from '../../shared/router/dynamic-routes';
import { parentKeys } from '../shared/tree';
import { menuOptionsQuery, roleMenuIdsQuery, useAssignRoleMenus } from './api';
import {
  hiddenByFilter,
  selectionFromStored,
  toggleLinkage,
  toSavedIds,
  type TPermissionSelection,
} from './permission-tree';

interface TRolePermissionDrawerProps {
  /** The role whose menus are edited; null closes the drawer. */
  role: TRolePageItem | null;
  onClose: () => void;
}

/**
 * "Assign permissions": the whole menu tree (`/menus/options`) with checkboxes, the role's
 * menus checked, a parent-child linkage switch, expand/collapse all and a filter. Saving sends
 * the checked plus half-checked ids (`PUT /roles/{id}/menus`).
 */
export function RolePermissionDrawer({ role, onClose }: TRolePermissionDrawerProps) {
  const { t } = useTranslation('system');
  return (
    <Drawer
      open={role !== null}
      onClose={onClose}
      title={role ? t('roles.permissions.title', { name: role.name }) : ''}
      size={480}
      destroyOnHidden
    >
      {role ? <PermissionLoader role={role} onClose={onClose} /> : null}
    </Drawer>
  );
}

function PermissionLoader({ role, onClose }: { role: TRolePageItem; onClose: () => void }) {
  const options = useQuery(menuOptionsQuery);
  const menuIds = useQuery(roleMenuIdsQuery(role.id));
  if (options.isError || menuIds.isError) return null;
  if (!options.data || !menuIds.data) return <Spin />;
  return <PermissionEditor role={role} tree={options.data} storedIds={menuIds.data} onClose={onClose} />;
}

interface TPermissionEditorProps {
  role: TRolePageItem;
  tree: TMenuOption[];
  storedIds: string[];
  onClose: () => void;
}

function PermissionEditor({ role, tree, storedIds, onClose }: TPermissionEditorProps) {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const [selection, setSelection] = useState<TPermissionSelection>(() =>
    selectionFromStored(tree, storedIds),
  );
  const [filter, setFilter] = useState('');
  const allParents = useMemo(() => parentKeys(tree, (node) => node.value), [tree]);
  const [expandedKeys, setExpandedKeys] = useState<string[]>(allParents);
  const assignMenus = useAssignRoleMenus();

  const hidden = useMemo(
    () => hiddenByFilter(tree, filter, (node) => translateRouteTitle(node.label)),
    [tree, filter],
  );
  // Filtered nodes stay in the tree (hidden), so their checked state is kept.
  const treeData = useMemo(() => {
    const toNode = (node: TMenuOption): TreeDataNode => ({
      key: node.value,
      title: translateRouteTitle(node.label),
      ...(hidden.has(node.value) ? { style: { display: 'none' } } : {}),
      ...(node.children && node.children.length > 0 ? { children: node.children.map(toNode) } : {}),
    });
    return tree.map(toNode);
  }, [tree, hidden]);

  const onCheck: TreeProps['onCheck'] = (checked, info) => {
    if (Array.isArray(checked)) {
      setSelection({
        isLinked: true,
        checked: checked.map(String),
        halfChecked: (info.halfCheckedKeys ?? []).map(String),
      });
    } else {
      setSelection({ isLinked: false, checked: checked.checked.map(String), halfChecked: [] });
    }
  };

  const onFilter = (text: string) => {
    setFilter(text);
    if (text.trim()) setExpandedKeys(allParents);
  };

  const save = () =>
    assignMenus.mutate(
      { id: role.id, menuIds: toSavedIds(selection) },
      {
        onSuccess: () => {
          void message.success(t('roles.permissions.saved'));
          onClose();
        },
      },
    );

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap align="center">
        <Input.Search
          allowClear
          placeholder={t('roles.permissions.filter')}
          aria-label={t('roles.permissions.filter')}
          value={filter}
          onChange={(event) => onFilter(event.target.value)}
          style={{ flex: '1 1 180px' }}
        />
        <Button onClick={() => setExpandedKeys(allParents)}>{t('crud.action.expandAll')}</Button>
        <Button onClick={() => setExpandedKeys([])}>{t('crud.action.collapseAll')}</Button>
      </Flex>
      <Flex gap={8} align="center">
        <Switch
          id="role-permission-linkage"
          checked={selection.isLinked}
          onChange={() => setSelection((current) => toggleLinkage(tree, current))}
        />
        <label htmlFor="role-permission-linkage">{t('roles.permissions.linkage')}</label>
      </Flex>
      <Tree
        checkable
        selectable={false}
        checkStrictly={!selection.isLinked}
        treeData={treeData}
        checkedKeys={selection.isLinked ? selection.checked : { checked: selection.checked, halfChecked: [] }}
        onCheck={onCheck}
        expandedKeys={expandedKeys}
        onExpand={(keys) => setExpandedKeys(keys.map(String))}
      />
      <Flex gap={8} justify="flex-end">
        <Button onClick={onClose}>{t('crud.cancel')}</Button>
        <Button type="primary" loading={assignMenus.isPending} onClick={save}>
          {t('crud.save')}
        </Button>
      </Flex>
    </Flex>
  );
}
