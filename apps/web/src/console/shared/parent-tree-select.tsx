import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { mapTree, subtreeKeys } from './tree';

/** An option of a parent picker's tree (`/depts/options`, `/menus/options`). */
export interface TParentOption {
  value: string;
  label: string;
  children?: TParentOption[] | undefined;
}

/** The value of "no parent": the top level. */
export const TOP_PARENT = '0';

/** A node of the picker's tree. */
export interface TParentTreeNode {
  value: string;
  title: string;
  disabled?: boolean;
  children?: TParentTreeNode[];
}

interface TParentTreeOptions {
  /** The record being edited: it and its branch cannot be its own parent. */
  editedId: string | undefined;
  topTitle: string;
  /** The shown title of an option (default its label). */
  titleOf?: (option: TParentOption) => string;
}

/** The picker's tree: the top level holding every option, the edited record's branch disabled. */
export function parentTreeData(
  options: readonly TParentOption[],
  { editedId, topTitle, titleOf = (option) => option.label }: TParentTreeOptions,
): TParentTreeNode[] {
  const blocked = new Set(editedId ? subtreeKeys(options, (node) => node.value, editedId) : []);
  const nodes = mapTree(options, (node, children: TParentTreeNode[] | undefined): TParentTreeNode => ({
    value: node.value,
    title: titleOf(node),
    disabled: blocked.has(node.value),
    ...(children ? { children } : {}),
  }));
  return [{ value: TOP_PARENT, title: topTitle, children: nodes }];
}

interface TParentTreeSelectProps extends TParentTreeOptions {
  options: readonly TParentOption[] | undefined;
  isLoading: boolean;
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
}

/** A tree record's parent picker (departments, menus), as a form field. */
export function ParentTreeSelect(props: TParentTreeSelectProps) {
  const { options, isLoading, editedId, topTitle, titleOf, value, onChange, id } = props;
  const treeData = useMemo(
    () => parentTreeData(options ?? [], { editedId, topTitle, ...(titleOf ? { titleOf } : {}) }),
    [options, editedId, topTitle, titleOf],
  );
  return (
    <TreeSelect
      id={id}
      value={value}
      onChange={onChange}
      treeData={treeData}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      loading={isLoading}
    />
  );
}
