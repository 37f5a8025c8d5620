import type { TDictTagTypeOrNone } from '@linkstore/contract';
import { Space, Tag } from 'antd';
import type { CSSProperties } from 'react';
import { useDictItems } from './use-dict';

/** antd's preset colours for the tag types (Element's primary/success/info/warning/danger). */
const TAG_COLORS: Record<Exclude<TDictTagTypeOrNone, ''>, string> = {
  primary: 'processing',
  success: 'success',
  info: 'default',
  warning: 'warning',
  danger: 'error',
};

/** The antd Tag colour of a dictionary tag type; undefined for a plain tag. */
export function tagColorOf(tagType: string | undefined): string | undefined {
  return tagType && tagType in TAG_COLORS ? TAG_COLORS[tagType as keyof typeof TAG_COLORS] : undefined;
}

export type TDictLabelSize = 'small' | 'default' | 'large';

const SIZE_STYLES: Record<TDictLabelSize, CSSProperties | undefined> = {
  small: { fontSize: 12, lineHeight: '18px', paddingInline: 5 },
  default: undefined,
  large: { fontSize: 14, lineHeight: '26px', paddingInline: 10 },
};

export interface TDictLabelProps {
  /** The dictionary, e.g. `gender`. */
  code: string;
  /** The item's value; numbers match their text (`1` is `'1'`). Nothing is shown when empty. */
  value: string | number | null | undefined;
  size?: TDictLabelSize;
}

/**
 * A dictionary value as its label in a coloured tag (the original console's `DictLabel`), in the
 * language the cache was loaded in. A value the dictionary does not have shows as itself.
 */
export function DictLabel({ code, value, size = 'default' }: TDictLabelProps) {
  const items = useDictItems(code);
  if (value === null || value === undefined || value === '') return null;
  const item = items.find((candidate) => candidate.value === String(value));
  if (!item) return <span>{String(value)}</span>;
  return (
    <Tag color={tagColorOf(item.tagType)} style={SIZE_STYLES[size]}>
      {item.label}
    </Tag>
  );
}

export interface TDictTagsProps {
  code: string;
  /** The selected values (a checkbox group's); nothing is shown when there are none. */
  values: readonly (string | number)[] | null | undefined;
  size?: TDictLabelSize;
}

/** Several values of one dictionary as their coloured tags, in the order given. */
export function DictTags({ code, values, size = 'default' }: TDictTagsProps) {
  if (!values || values.length === 0) return null;
  return (
    <Space size={4} wrap>
      {values.map((value) => (
        <DictLabel key={String(value)} code={code} value={value} size={size} />
      ))}
    </Space>
  );
}
