import type { TShopCategory } from '@linkstore/contract';
import { TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';

/** The value standing for "All products" (category ids are never empty). */
const ALL = '';

interface TCategoryNode {
  value: string;
  title: string;
  children?: TCategoryNode[];
}

/** The tree as picker entries, each named with its product count; "All products" first. */
export function categoryOptions(tree: TShopCategory[], allLabel: string): TCategoryNode[] {
  const node = (category: TShopCategory): TCategoryNode => ({
    value: category.id,
    title: `${category.name} (${category.productCount})`,
    ...(category.children.length > 0 ? { children: category.children.map(node) } : {}),
  });
  const total = tree.reduce((sum, category) => sum + category.productCount, 0);
  return [{ value: ALL, title: `${allLabel} (${total})` }, ...tree.map(node)];
}

interface CategoryPickerProps {
  tree: TShopCategory[] | undefined;
  isLoading: boolean;
  selectedId: string | undefined;
  onSelect: (id: string | undefined) => void;
}

/**
 * The category tree on a phone: one picker above the list instead of a long tree before it
 * (sorting the categories by dragging stays on wide screens).
 */
export function CategoryPicker({ tree, isLoading, selectedId, onSelect }: CategoryPickerProps) {
  const { t } = useTranslation('studio');
  return (
    <TreeSelect<string>
      aria-label={t('product.category.label')}
      style={{ width: '100%', marginBottom: 12 }}
      loading={isLoading}
      value={selectedId ?? ALL}
      treeData={categoryOptions(tree ?? [], t('product.category.all'))}
      treeDefaultExpandAll={false}
      showSearch={{ treeNodeFilterProp: 'title' }}
      onChange={(id) => onSelect(id === ALL || id === undefined ? undefined : id)}
    />
  );
}
