/** A node of a tree the console shows (menus, departments, options). */
export interface TTreeNode<T> {
  children?: T[] | undefined;
}

/** Keys of every node that has children: what "expand all" opens. */
export function parentKeys<T extends TTreeNode<T>>(
  nodes: readonly T[],
  keyOf: (node: T) => string,
): string[] {
  return nodes.flatMap((node) =>
    node.children && node.children.length > 0 ? [keyOf(node), ...parentKeys(node.children, keyOf)] : [],
  );
}

/** Every key in the tree, depth first. */
export function allKeys<T extends TTreeNode<T>>(nodes: readonly T[], keyOf: (node: T) => string): string[] {
  return nodes.flatMap((node) => [keyOf(node), ...allKeys(node.children ?? [], keyOf)]);
}

/** The node with `key` and its whole subtree's keys (e.g. to keep a record out of its own parent picker). */
export function subtreeKeys<T extends TTreeNode<T>>(
  nodes: readonly T[],
  keyOf: (node: T) => string,
  key: string,
): string[] {
  for (const node of nodes) {
    if (keyOf(node) === key) return allKeys([node], keyOf);
    const found = subtreeKeys(node.children ?? [], keyOf, key);
    if (found.length > 0) return found;
  }
  return [];
}

/** Maps every node, children first; `children` of the result is set only when non-empty. */
export function mapTree<T extends TTreeNode<T>, U>(
  nodes: readonly T[],
  map: (node: T, children: U[] | undefined) => U,
): U[] {
  return nodes.map((node) => {
    const children = node.children && node.children.length > 0 ? mapTree(node.children, map) : undefined;
    return map(node, children);
  });
}
