import { Tag } from 'antd';
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
