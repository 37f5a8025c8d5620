import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { TRouteDef } from '@linkstore/contract';
import { Button, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanCall } from '../../shared/permission/access';

/** A part shown only to users who may call `route` (by the access the contract declares). */
export interface TRouteGated {
  route: Pick<TRouteDef, 'access'>;
}

/**
 * Renders its children only when the signed-in user may call `route` — for anything that is
 * not a button (a status switch, against a tag for the others).
 */
export function CanCall({
  route,
  children,
  fallback = null,
}: TRouteGated & { children: ReactNode; fallback?: ReactNode }) {
  const canCall = useCanCall();
  return <>{canCall(route) ? children : fallback}</>;
}

/** An antd Button shown only when the user may call `route`; absent otherwise. */
export function RouteButton({ route, ...buttonProps }: TRouteGated & ButtonProps) {
  const canCall = useCanCall();
  return canCall(route) ? <Button {...buttonProps} /> : null;
}

/** The toolbar's primary "Add" button, for the `create` route; `children` replaces the text. */
export function AddButton({
  route,
  onClick,
  children,
}: TRouteGated & { onClick: () => void; children?: ReactNode }) {
  const { t } = useTranslation('system');
  return (
    <RouteButton route={route} type="primary" icon={<PlusOutlined aria-hidden />} onClick={onClick}>
      {children ?? t('crud.action.add')}
    </RouteButton>
  );
}

export interface TBatchDeleteProps extends TRouteGated {
  /** The selected row keys (`useRowSelection().selectedKeys`); none disables the button. */
  selectedKeys: readonly string[];
  /** Asks and deletes them: the page's `remove(ids)` (`useConfirmDelete` + the delete mutation). */
  onDelete: (ids: string[]) => void;
}

/** The toolbar's "Delete selected" for the batch `delete` route. */
export function BatchDelete({ route, selectedKeys, onDelete }: TBatchDeleteProps) {
  const { t } = useTranslation('system');
  return (
    <RouteButton
      route={route}
      danger
      icon={<DeleteOutlined aria-hidden />}
      disabled={selectedKeys.length === 0}
      onClick={() => onDelete([...selectedKeys])}
    >
      {t('crud.action.batchDelete')}
    </RouteButton>
  );
}
