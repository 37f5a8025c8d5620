import { ErrorCode } from '@linkstore/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { isHttpError } from '../../shared/http/http-error';
import { consoleOrderDetailQuery } from './api';

/** A refusal the dialog shows itself: the server's translated message, and its field messages. */
export interface TOrderProblem {
  code: string;
  messages: string[];
}

/** The server's refusal as a dialog shows it (the message is translated by the server). */
export function problemOf(error: unknown): TOrderProblem {
  if (!isHttpError(error)) return { code: '', messages: [String(error)] };
  const fields = error.data?.fields.map((field) => field.message) ?? [];
  return { code: error.code, messages: [error.msg, ...fields.filter((m) => m !== error.msg)] };
}

/**
 * The refusal inside a dialog; a stale order (A0671: it changed since the operator opened it)
 * offers to reload it, after which the dialog sends the new version.
 */
export function OrderProblem({
  problem,
  orderNo,
  onReloaded,
}: {
  problem: TOrderProblem | undefined;
  orderNo: string;
  onReloaded: () => void;
}) {
  const { t } = useTranslation('orders');
  const queryClient = useQueryClient();
  if (!problem) return null;
  const reload = async () => {
    await queryClient.refetchQueries({ queryKey: consoleOrderDetailQuery(orderNo).queryKey });
    onReloaded();
  };
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 12 }}
      title={
        problem.messages.length === 1 ? (
          problem.messages[0]
        ) : (
          <ul style={{ margin: 0, paddingInlineStart: 16 }}>
            {problem.messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        )
      }
      action={
        problem.code === ErrorCode.ORDER_STALE ? (
          <Button size="small" onClick={() => void reload()}>
            {t('console.reload')}
          </Button>
        ) : undefined
      }
    />
  );
}
