import { Checkbox, Radio, Select } from 'antd';
import type { CSSProperties } from 'react';
import { useDictItems } from './use-dict';

type TDictValue = string | number;

export interface TDictProps {
  /** The dictionary, e.g. `gender`. */
  code: string;
  /**
   * The selected value (select, radio) or values (checkbox). Numbers stay numbers: a form that
   * holds `gender: 1` gets `2` back, not `'2'`.
   */
  value?: TDictValue | TDictValue[] | null;
  onChange?: (value: TDictValue | TDictValue[] | undefined) => void;
  /** select (default), radio buttons, or checkboxes (several values). */
  type?: 'select' | 'radio' | 'checkbox';
  /** Emit numbers even before a value is set (the form's field is numeric). */
  valueType?: 'string' | 'number';
  placeholder?: string;
  disabled?: boolean;
  /** Select only: a clear button (default true). */
  allowClear?: boolean;
  style?: CSSProperties;
  /** Set by antd's Form.Item, so its label points at the control. */
  id?: string;
  'aria-label'?: string;
}

/**
 * A dictionary as a select, radio group or checkbox group (the original console's `Dict`), labels in
 * the current language. Works as an antd form control (`value` / `onChange`).
 */
export function Dict({
  code,
  value,
  onChange,
  type = 'select',
  valueType,
  placeholder,
  disabled,
  allowClear = true,
  style,
  id,
  'aria-label': ariaLabel,
}: TDictProps) {
  const items = useDictItems(code);
  const sample = Array.isArray(value) ? value[0] : value;
  const isNumeric = valueType ? valueType === 'number' : typeof sample === 'number';
  const out = (text: string): TDictValue => (isNumeric ? Number(text) : text);
  const options = items.map((item) => ({ value: item.value, label: item.label }));
  const texts = (value === null || value === undefined ? [] : [value].flat()).map(String);

  if (type === 'checkbox') {
    return (
      <div id={id} role="group" aria-label={ariaLabel} style={style}>
        <Checkbox.Group
          disabled={disabled}
          options={options}
          value={texts}
          onChange={(checked) => onChange?.(checked.map((text) => out(String(text))))}
        />
      </div>
    );
  }
  if (type === 'radio') {
    return (
      <Radio.Group
        id={id}
        aria-label={ariaLabel}
        style={style}
        disabled={disabled}
        options={options}
        value={texts[0]}
        onChange={(event) => onChange?.(out(String(event.target.value)))}
      />
    );
  }
  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      style={style ?? { minWidth: 160 }}
      disabled={disabled}
      allowClear={allowClear}
      placeholder={placeholder}
      options={options}
      value={texts[0]}
      onChange={(selected: string | undefined) =>
        onChange?.(selected === undefined ? undefined : out(selected))
      }
    />
  );
}
