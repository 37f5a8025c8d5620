import { Input } from 'antd';
import { useState } from 'react';
import { minorToDecimal, parseMinor } from '../../shared/money/money';
import type { TMoney } from '../../shared/money/use-money';

interface TOverrideInputProps {
  label: string;
  money: TMoney;
  /** The override in US cents, or null for none. */
  valueMinor: number | null;
  /** Shown while empty: what applies without it (null: nothing). */
  placeholderMinor: number | null;
  isInvalid: boolean;
  /** Whole US cents, or null when the field is emptied (the percentage price applies again). */
  onChange: (cents: number | null) => void;
}

/**
 * A selling price typed in the user's currency and passed on as integer US cents. While focused
 * the typed text is kept as is; an unreadable amount is marked and dropped when leaving the field.
 */
export function OverrideInput({
  label,
  money,
  valueMinor,
  placeholderMinor,
  isInvalid,
  onChange,
}: TOverrideInputProps) {
  const [typed, setTyped] = useState<string | null>(null);
  const { minorDigits } = money.rate;
  const asText = (cents: number) => minorToDecimal(money.toMinor(cents), minorDigits);
  const minor = typed === null ? null : parseMinor(typed, minorDigits);
  const isUnreadable = typed !== null && typed.trim() !== '' && minor === null;

  return (
    <Input
      aria-label={label}
      inputMode="decimal"
      value={typed ?? (valueMinor === null ? '' : asText(valueMinor))}
      placeholder={placeholderMinor === null ? undefined : asText(placeholderMinor)}
      status={isUnreadable || isInvalid ? 'error' : undefined}
      aria-invalid={isUnreadable || isInvalid}
      onChange={(event) => {
        const text = event.target.value;
        setTyped(text);
        if (text.trim() === '') onChange(null);
        else {
          const next = parseMinor(text, minorDigits);
          if (next !== null) onChange(money.toUsdMinor(next));
        }
      }}
      onBlur={() => setTyped(null)}
    />
  );
}
