import { Button } from 'antd';
import styles from './variants-toggle.module.css';

/**
 * Opens and closes a product's variants under it (the products list, the price page, the
 * dashboard's top products): `label` shown ("3 variants"), `name` heard ("3 variants of Hoodie",
 * containing the label), `aria-expanded`, and `aria-controls` while what it opens is there. A
 * 44 px tap target; `look` 'link' in lists of figures, a plain button among inputs.
 */
export function VariantsToggle({
  label,
  name,
  isOpen,
  controls,
  look = 'link',
  onToggle,
}: {
  label: string;
  name: string;
  isOpen: boolean;
  /** The id of what it opens, when it has one. */
  controls?: string;
  look?: 'link' | 'button';
  onToggle: () => void;
}) {
  return (
    <Button
      type={look === 'link' ? 'link' : 'default'}
      className={look === 'link' ? `${styles.toggle} ${styles.link}` : styles.toggle}
      aria-expanded={isOpen}
      aria-controls={isOpen ? controls : undefined}
      aria-label={name}
      onClick={onToggle}
    >
      {label}
    </Button>
  );
}
