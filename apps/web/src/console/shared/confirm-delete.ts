import { App } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { alreadyShown } from '../../shared/http/use-route-mutation';

export interface TConfirmDeleteOptions {
  /** How many records are to go (the batch delete's selection); 1 when left out. */
  count?: number;
  /** Replaces the standard question, e.g. to say that sub-items go too. */
  content?: ReactNode;
  /** Deletes; a rejection has been shown by the http client already, so the dialog just closes. */
  onConfirm: () => Promise<unknown>;
}

/**
 * Asks before deleting (a danger-styled confirm dialog), deletes, and confirms with a message.
 *
 * ```tsx
 * const confirmDelete = useConfirmDelete();
 * confirmDelete({ count: ids.length, onConfirm: () => removeRoles(ids) });
 * ```
 */
export function useConfirmDelete(): (options: TConfirmDeleteOptions) => void {
  const { modal, message } = App.useApp();
  const { t } = useTranslation('system');
  return ({ count = 1, content, onConfirm }) => {
    modal.confirm({
      title: t('crud.delete.title'),
      content: content ?? (count > 1 ? t('crud.delete.confirmMany', { count }) : t('crud.delete.confirm')),
      okText: t('crud.delete.ok'),
      okButtonProps: { danger: true },
      cancelText: t('crud.cancel'),
      // The dialog spins until the deletion is over, then closes either way.
      onOk: () => onConfirm().then(() => void message.success(t('crud.delete.done')), alreadyShown),
    });
  };
}
