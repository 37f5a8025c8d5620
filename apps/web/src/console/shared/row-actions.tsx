import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { TRouteDef } from '@linkstore/contract';
import { Button, Space, Tooltip, type TableColumnsType } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanCall } from '../../shared/permission/access';

interface TRowActionBase<T> {
  /**
   * The contract route the action calls (Edit → `update`, Delete → `delete`): the action shows
   * only when the signed-in user may call it, by the access the server enforces.
   */
  route: Pick<TRouteDef, 'access'>;
  /** Leave the action out for some records (e.g. "add child" only on catalogs). */
  isShown?: (record: T) => boolean;
}

/** One button of a row's action column. */
export interface TRowButtonAction<T> extends TRowActionBase<T> {
  /** `edit` and `delete` bring their text, icon and (delete) danger style. */
  kind?: 'edit' | 'delete';
  /** The short visible text; `kind` supplies it for edit and delete. */
  label?: ReactNode;
  /** The accessible name, naming the record: "Edit role Admin". */
  ariaLabel: (record: T) => string;
  icon?: ReactNode;
  danger?: boolean;
  onClick: (record: T) => void;
}

/** An action that is not a button (a link to another page), drawn by the page. */
export interface TRowRenderedAction<T> extends TRowActionBase<T> {
  render: (record: T) => ReactNode;
}

export type TRowAction<T> = TRowButtonAction<T> | TRowRenderedAction<T>;

export interface TRowActionsProps<T> {
  record: T;
  actions: readonly TRowAction<T>[];
}

/** The icon `kind` brings, or the action's own. */
function iconOf<T>(action: TRowButtonAction<T>): ReactNode {
  if (action.icon) return action.icon;
  if (action.kind === 'edit') return <EditOutlined aria-hidden />;
  if (action.kind === 'delete') return <DeleteOutlined aria-hidden />;
  return undefined;
}

/**
 * The action buttons of one table row: those whose route the user may call. An action with an
 * icon is drawn as the icon alone, its text in a tooltip (on hover and on keyboard focus) and its
 * accessible name naming the record: three labelled buttons took ≈ 330 px, and the column, fixed
 * to the right, covered the table's other columns at 1366 px. One without an icon keeps its text.
 */
export function RowActions<T>({ record, actions }: TRowActionsProps<T>) {
  const { t } = useTranslation('system');
  const canCall = useCanCall();
  return (
    <Space size={0} wrap>
      {actions
        .filter((action) => canCall(action.route) && (action.isShown?.(record) ?? true))
        .map((action, index) => {
          if ('render' in action) return <Fragment key={index}>{action.render(record)}</Fragment>;
          const icon = iconOf(action);
          const label = action.label ?? (action.kind ? t(`crud.action.${action.kind}`) : null);
          const button = (
            <Button
              type="link"
              danger={action.danger ?? action.kind === 'delete'}
              icon={icon}
              aria-label={action.ariaLabel(record)}
              onClick={() => action.onClick(record)}
            >
              {icon ? null : label}
            </Button>
          );
          return icon ? (
            <Tooltip key={index} title={label} trigger={['hover', 'focus']}>
              {button}
            </Tooltip>
          ) : (
            <Fragment key={index}>{button}</Fragment>
          );
        })}
    </Space>
  );
}

/**
 * The "Actions" column of a console table, fixed on the right, with `RowActions` in each row;
 * no column at all when the user may call none of the actions' routes.
 *
 * ```tsx
 * const actionsColumn = useActionsColumn<TRolePageItem>([
 *   { kind: 'edit', route: rolesRoutes.update, ariaLabel: (role) => t('roles.action.edit', { name: role.name }), onClick: (role) => modal.openEdit(role.id) },
 *   { kind: 'delete', route: rolesRoutes.delete, ariaLabel: …, onClick: (role) => remove([role.id]) },
 * ]);
 * <PagedTable columns={[...columns, ...actionsColumn]} … />
 * ```
 */
export function useActionsColumn<T>(actions: readonly TRowAction<T>[]): TableColumnsType<T> {
  const { t } = useTranslation('system');
  const canCall = useCanCall();
  if (!actions.some((action) => canCall(action.route))) return [];
  return [
    {
      title: t('crud.table.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, record) => <RowActions record={record} actions={actions} />,
    },
  ];
}
