import type { TShopCategory } from '@linkstore/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Badge, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { categoryTreeQuery, orderCategories } from './api';
import styles from './product-page.module.css';
import { saveOrderOptimistically } from './optimistic-order';
import { reorderCategoryTree } from './ordering';
import { DragHandle, SortableGroup, useSortableItem } from './sortable';

interface CategoryPanelProps {
  tree: TShopCategory[] | undefined;
  isLoading: boolean;
  /** The chosen category; undefined: all products. */
  selectedId: string | undefined;
  onSelect: (id: string | undefined) => void;
}

/**
 * The category tree selector: first level, then its subcategories, each with its product count.
 * Siblings are put in the shop's order by dragging their handles.
 */
export function CategoryPanel({ tree, isLoading, selectedId, onSelect }: CategoryPanelProps) {
  const { t } = useTranslation('studio');
  const total = tree?.reduce((sum, category) => sum + category.productCount, 0) ?? 0;
  return (
    <nav aria-label={t('product.category.label')} className={styles.categories}>
      <CategoryButton
        name={t('product.category.all')}
        count={total}
        isSelected={selectedId === undefined}
        onClick={() => onSelect(undefined)}
      />
      {isLoading && <Spin />}
      {!isLoading && tree?.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
      {tree && <SiblingList parentId="0" siblings={tree} selectedId={selectedId} onSelect={onSelect} />}
    </nav>
  );
}

interface SiblingListProps {
  parentId: string;
  siblings: TShopCategory[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
}

/** Categories with one parent: they move among themselves only. */
function SiblingList({ parentId, siblings, selectedId, onSelect }: SiblingListProps) {
  const { t } = useTranslation('studio');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const ids = siblings.map((category) => category.id);
  const nameOf = (id: string) => siblings.find((category) => category.id === id)?.name ?? id;

  const move = async (next: string[]) => {
    const saved = await saveOrderOptimistically<TShopCategory[]>({
      queryClient,
      queryKey: categoryTreeQuery.queryKey,
      update: (tree) => reorderCategoryTree(tree, parentId, next),
      save: () => orderCategories(parentId, next),
    });
    if (!saved) void message.error(t('product.order.failed'));
  };

  return (
    <SortableGroup ids={ids} nameOf={nameOf} onMove={(next) => void move(next)}>
      <ul className={parentId === '0' ? styles.tree : styles.subtree}>
        {siblings.map((category) => (
          <CategoryItem key={category.id} category={category} selectedId={selectedId} onSelect={onSelect} />
        ))}
      </ul>
    </SortableGroup>
  );
}

interface CategoryItemProps {
  category: TShopCategory;
  selectedId: string | undefined;
  onSelect: (id: string) => void;
}

function CategoryItem({ category, selectedId, onSelect }: CategoryItemProps) {
  const { t } = useTranslation('studio');
  const { setNodeRef, style, handle } = useSortableItem(category.id);
  return (
    <li ref={setNodeRef} style={style}>
      <div className={styles.categoryRow}>
        <DragHandle binding={handle} label={t('product.drag.category', { name: category.name })} />
        <CategoryButton
          name={category.name}
          count={category.productCount}
          isSelected={selectedId === category.id}
          onClick={() => onSelect(category.id)}
        />
      </div>
      {category.children.length > 0 && (
        <SiblingList
          parentId={category.id}
          siblings={category.children}
          selectedId={selectedId}
          onSelect={onSelect}
        />
      )}
    </li>
  );
}

interface CategoryButtonProps {
  name: string;
  count: number;
  isSelected: boolean;
  onClick: () => void;
}

function CategoryButton({ name, count, isSelected, onClick }: CategoryButtonProps) {
  return (
    <button
      type="button"
      className={isSelected ? `${styles.category} ${styles.selected}` : styles.category}
      aria-current={isSelected ? 'true' : undefined}
      onClick={onClick}
    >
      <span>{name}</span>
      <Badge count={count} showZero overflowCount={9999} color="gray" />
    </button>
  );
}
