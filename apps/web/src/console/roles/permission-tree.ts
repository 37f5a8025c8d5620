import type { TMenuOption } from '@linkstore/contract';

/**
 * The role permission tree's selection. The server stores a role's menus as one set: what was
 * checked plus the half-checked parents. With parent-child linkage on, the
 * tree derives parents from their children; off (antd `checkStrictly`), each node stands alone,
 * so a page can be granted without all of its buttons.
 */
export interface TPermissionSelection {
  isLinked: boolean;
  checked: string[];
  /** Parents with some, not all, of their subtree checked (linked mode only). */
  halfChecked: string[];
}

type TState = 'all' | 'some' | 'none';

/** Linked checking from the leaves up, as antd's Tree does it: which nodes end up checked or half. */
export function conductFromLeaves(
  tree: readonly TMenuOption[],
  leafIds: ReadonlySet<string>,
): { checked: string[]; halfChecked: string[] } {
  const checked: string[] = [];
  const halfChecked: string[] = [];
  const visit = (node: TMenuOption): TState => {
    const children = node.children ?? [];
    let state: TState;
    if (children.length === 0) {
      state = leafIds.has(node.value) ? 'all' : 'none';
    } else {
      const states = children.map(visit);
      if (states.every((item) => item === 'all')) state = 'all';
      else if (states.some((item) => item !== 'none')) state = 'some';
      else state = 'none';
    }
    if (state === 'all') checked.push(node.value);
    if (state === 'some') halfChecked.push(node.value);
    return state;
  };
  tree.forEach(visit);
  return { checked, halfChecked };
}

function leavesOf(tree: readonly TMenuOption[], ids: ReadonlySet<string>): Set<string> {
  const leaves = new Set<string>();
  const visit = (node: TMenuOption) => {
    if (node.children && node.children.length > 0) node.children.forEach(visit);
    else if (ids.has(node.value)) leaves.add(node.value);
  };
  tree.forEach(visit);
  return leaves;
}

/**
 * How a stored set opens: linked when linking its leaves gives back exactly the set, otherwise
 * unlinked, so that nothing stored is lost or added by merely opening and saving.
 */
export function selectionFromStored(
  tree: readonly TMenuOption[],
  ids: readonly string[],
): TPermissionSelection {
  // Ids no longer in the tree (a deleted menu) are left out.
  const known = new Set(allIds(tree));
  const stored = [...new Set(ids)].filter((id) => known.has(id));
  const linked = conductFromLeaves(tree, leavesOf(tree, new Set(stored)));
  const derived = new Set([...linked.checked, ...linked.halfChecked]);
  const isSame = derived.size === stored.length && stored.every((id) => derived.has(id));
  return isSame ? { isLinked: true, ...linked } : { isLinked: false, checked: stored, halfChecked: [] };
}

function allIds(tree: readonly TMenuOption[]): string[] {
  return tree.flatMap((node) => [node.value, ...allIds(node.children ?? [])]);
}

/**
 * The linkage switch. Off: every node of the current set stands checked on its own. On: the
 * set's leaves are checked and parents follow them (a parent checked without its children is
 * dropped, as in the upstream console).
 */
export function toggleLinkage(
  tree: readonly TMenuOption[],
  selection: TPermissionSelection,
): TPermissionSelection {
  const ids = toSavedIds(selection);
  if (selection.isLinked) return { isLinked: false, checked: ids, halfChecked: [] };
  return { isLinked: true, ...conductFromLeaves(tree, leavesOf(tree, new Set(ids))) };
}

/** What the assign endpoint receives: checked plus half-checked, each once. */
export function toSavedIds(selection: TPermissionSelection): string[] {
  return [...new Set([...selection.checked, ...selection.halfChecked])];
}

/** Node ids whose label or an ancestor's does not match, and no descendant's does: hidden by the filter. */
export function hiddenByFilter(
  tree: readonly TMenuOption[],
  text: string,
  labelOf: (node: TMenuOption) => string,
): Set<string> {
  const hidden = new Set<string>();
  const needle = text.trim().toLowerCase();
  if (!needle) return hidden;
  const hideAll = (node: TMenuOption) => {
    hidden.add(node.value);
    (node.children ?? []).forEach(hideAll);
  };
  // Returns whether the node stays visible.
  const visit = (node: TMenuOption): boolean => {
    if (labelOf(node).toLowerCase().includes(needle)) return true; // its subtree stays too
    const children = node.children ?? [];
    const visible = children.map(visit);
    if (visible.some(Boolean)) return true;
    hidden.add(node.value);
    children.forEach(hideAll);
    return false;
  };
  tree.forEach(visit);
  return hidden;
}
