import { Form, InputNumber, Radio, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** The `status` flag of console records: 1 enabled, 0 disabled. */
export type TStatus = 0 | 1;

/** Enabled / Disabled as a coloured tag. */
export function StatusTag({ value }: { value: number }) {
  const { t } = useTranslation('system');
  return value === 1 ? (
    <Tag color="success">{t('crud.status.enabled')}</Tag>
  ) : (
    <Tag>{t('crud.status.disabled')}</Tag>
  );
}

/** Options of a status Select or Radio group (values 1 and 0). */
export function useStatusOptions(): { value: TStatus; label: string }[] {
  const { t } = useTranslation('system');
  return [
    { value: 1, label: t('crud.status.enabled') },
    { value: 0, label: t('crud.status.disabled') },
  ];
}

/**
 * The status field of a search bar (`status` as '1' / '0', empty for any), the same on every
 * list page. Place it inside a `SearchBar`.
 */
export function StatusFilter({ placeholder }: { placeholder?: string }) {
  const { t } = useTranslation('system');
  const options = useStatusOptions();
  return (
    <Form.Item name="status" label={t('crud.status.label')}>
      <Select
        allowClear
        style={{ width: 140 }}
        placeholder={placeholder ?? t('crud.status.label')}
        options={options.map(({ value, label }) => ({ value: String(value), label }))}
      />
    </Form.Item>
  );
}

/** The status field of an add/edit form: Enabled / Disabled as radio buttons (values 1 and 0). */
export function StatusField({ label }: { label?: string }) {
  const { t } = useTranslation('system');
  const options = useStatusOptions();
  return (
    <Form.Item name="status" label={label ?? t('crud.status.label')}>
      <Radio.Group options={options} />
    </Form.Item>
  );
}

/** The sort order field of an add/edit form (a whole number, smallest first). */
export function SortField({ max = 1_000_000 }: { max?: number }) {
  const { t } = useTranslation('system');
  return (
    <Form.Item name="sort" label={t('crud.field.sort')}>
      <InputNumber min={0} max={max} precision={0} style={{ width: 160 }} />
    </Form.Item>
  );
}
