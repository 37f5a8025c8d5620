import { MAX_PERCENTAGE, MIN_PERCENTAGE } from '@linkstore/contract';
import { InputNumber } from 'antd';
import styles from './pricing.module.css';
import { toPercentage } from './pricing-draft';

interface TPercentageInputProps {
  id?: string;
  label?: string;
  value: number | null;
  placeholder?: string;
  /** A valid whole percentage, or null when emptied; values out of range are never passed on. */
  onChange: (percentage: number | null) => void;
}

/** A whole percentage between 100 and 10000, with a % suffix. */
export function PercentageInput({ id, label, value, placeholder, onChange }: TPercentageInputProps) {
  return (
    <InputNumber<number>
      id={id}
      aria-label={label}
      className={styles.percentage}
      value={value}
      min={MIN_PERCENTAGE}
      max={MAX_PERCENTAGE}
      precision={0}
      suffix="%"
      placeholder={placeholder}
      onChange={(next) => {
        if (next === null) onChange(null);
        const percentage = toPercentage(next);
        if (percentage !== undefined) onChange(percentage);
      }}
    />
  );
}
