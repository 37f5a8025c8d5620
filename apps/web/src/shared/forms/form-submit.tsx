import { Alert, Button, Typography } from 'antd';
import styles from './form-submit.module.css';

interface TFormSubmitProps {
  /** The form-level error, shown above the button when there is one. */
  error?: string;
  isPending: boolean;
  label: string;
  /** What the pending submit is doing, when it says (e.g. "Checking your browser…"). */
  status?: string | undefined;
}

/** The end of an account form: its error (if any) and the full-width submit button. */
export function FormSubmit({ error, isPending, label, status }: TFormSubmitProps) {
  return (
    <>
      {error && <Alert type="error" showIcon title={error} className={styles.alert} />}
      <div role="status" className={styles.status}>
        {status && <Typography.Text type="secondary">{status}</Typography.Text>}
      </div>
      <Button type="primary" htmlType="submit" block loading={isPending}>
        {label}
      </Button>
    </>
  );
}
