import type { UseMutationResult } from '@tanstack/react-query';
import { App, Switch, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { alreadyShown } from '../../shared/http/use-route-mutation';
import { StatusTag } from './status';
import { CanCall, type TRouteGated } from './toolbar';

/** The texts of the dialog that asks before a row is switched off (hidden, disabled, withdrawn). */
export interface TConfirmOff {
  title: string;
  content: string;
  okText: string;
}

export interface TStatusColumnOptions<
  TRow extends { id: string },
  TVariables extends { id: string },
> extends TRouteGated {
  /** The page's status mutation hook result (`useSetRoleStatus()`): its `isPending` spins the row's switch. */
  mutation: Pick<UseMutationResult<unknown, Error, TVariables>, 'mutateAsync' | 'isPending' | 'variables'>;
  /** The mutation's variables for switching `row` on or off: `{ id: row.id, isEnabled: on }`. */
  variables: (row: TRow, on: boolean) => TVariables;
  /** The switch's accessible name ("Status of Admin"). */
  ariaLabel: (row: TRow) => string;
  /** The message shown after a change ("Admin enabled"). */
  successMessage: (row: TRow, on: boolean) => string;
  /** When given, switching off first asks with these texts (OK is a danger button). */
  confirmOff?: (row: TRow) => TConfirmOff;
  /** The row field holding the 1/0 flag; `status` unless told. */
  dataIndex?: keyof TRow & string;
  /** The column title; "Status" unless told. */
  title?: string;
  /** What users who may not call `route`, and read-only rows, see; the status tag unless told. */
  fallback?: (value: number, row: TRow) => ReactNode;
  /** Rows shown with the fallback even to users who may call `route` (the signed-in user's own). */
  isReadOnly?: (row: TRow) => boolean;
}

/**
 * The status column of a console table: a switch for users who may call the status `route`
 * (spinning while its row changes, asking first before switching off when `confirmOff` is
 * given, confirming with `successMessage`), the status tag for the others.
 */
export function useStatusColumn<TRow extends { id: string }, TVariables extends { id: string }>({
  route,
  mutation,
  variables,
  ariaLabel,
  successMessage,
  confirmOff,
  dataIndex = 'status' as keyof TRow & string,
  title,
  fallback = (value) => <StatusTag value={value} />,
  isReadOnly = () => false,
}: TStatusColumnOptions<TRow, TVariables>): TableColumnType<TRow> {
  const { t } = useTranslation('system');
  const { message, modal } = App.useApp();

  const change = (row: TRow, on: boolean) =>
    mutation
      .mutateAsync(variables(row, on))
      .then(() => void message.success(successMessage(row, on)), alreadyShown);

  const toggle = (row: TRow, on: boolean) => {
    if (on || !confirmOff) {
      void change(row, on);
      return;
    }
    modal.confirm({
      ...confirmOff(row),
      okButtonProps: { danger: true },
      cancelText: t('crud.cancel'),
      onOk: () => change(row, false),
    });
  };

  return {
    title: title ?? t('crud.status.label'),
    dataIndex,
    render: (value: number, row: TRow) =>
      isReadOnly(row) ? (
        fallback(value, row)
      ) : (
        <CanCall route={route} fallback={fallback(value, row)}>
          <Switch
            size="small"
            checked={value === 1}
            loading={mutation.isPending && mutation.variables?.id === row.id}
            aria-label={ariaLabel(row)}
            onChange={(checked) => toggle(row, checked)}
          />
        </CanCall>
      ),
  };
}
