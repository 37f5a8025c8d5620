import { Form } from 'antd';
import { USD_RATE } from '../../shared/money/money';
import type { TMoney } from '../../shared/money/use-money';
import { OverrideInput } from './override-input';

/** Amounts the platform keeps in US dollars, typed as such whatever currency the studio shows. */
const USD_TYPING: TMoney = {
  rate: USD_RATE,
  format: (cents) => String(cents),
  toMinor: (cents) => cents,
  toUsdMinor: (cents) => cents,
};

interface TDollarsInputProps {
  label: string;
  /** US cents; null or undefined: empty. */
  value?: number | null;
  onChange?: (cents: number | null) => void;
}

/**
 * The prices page's money input as an antd form field, in US dollars: whole cents, or null when
 * emptied (discount codes' amounts, the shop's free-shipping threshold).
 */
export function DollarsInput({ label, value, onChange }: TDollarsInputProps) {
  const { status } = Form.Item.useStatus();
  return (
    <OverrideInput
      label={label}
      money={USD_TYPING}
      valueMinor={value ?? null}
      placeholderMinor={null}
      isInvalid={status === 'error'}
      onChange={(cents) => onChange?.(cents)}
    />
  );
}
