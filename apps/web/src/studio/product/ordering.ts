import { arrayMove } from '@dnd-kit/sortable';
import type { TShopCategory } from '@linkstore/contract';

interface TWithId {
  id: string;
}

/**
 * The ids after dragging `activeId` onto `overId`; null when nothing moved (dropped on itself,
 * outside the list, or an id that is not in it), so no request is sent.
 */
export function movedIds(ids: readonly string[], activeId: string, overId: string | null): string[] | null {
  if (overId === null || activeId === overId) return null;
  const from = ids.indexOf(activeId);
  const to = ids.indexOf(overId);
  if (from < 0 || to < 0) return null;
  return arrayMove([...ids], from, to);
}

/** `items` in the order of `ids`; items not named keep their place after the named ones. */
export function applyOrder<T extends TWithId>(items: readonly T[], ids: readonly string[]): T[] {
  const position = new Map(ids.map((id, index) => [id, index]));
  const rank = (item: T) => position.get(item.id) ?? ids.length;
  return [...items].sort((a, b) => rank(a) - rank(b));
}

/** The tree with the children of `parentId` ('0': the first level) put in the order of `ids`. */
export function reorderCategoryTree(
  tree: readonly TShopCategory[],
  parentId: string,
  ids: readonly string[],
): TShopCategory[] {
  if (parentId === '0') return applyOrder(tree, ids);
  return tree.map((category) =>
    category.id === parentId ? { ...category, children: applyOrder(category.children, ids) } : category,
  );
}

/** A category of the tree by id, first or second level. */
export function findCategory(tree: readonly TShopCategory[], id: string): TShopCategory | undefined {
  for (const category of tree) {
    if (category.id === id) return category;
    const child = category.children.find((item) => item.id === id);
    if (child) return child;
  }
  return undefined;
}
