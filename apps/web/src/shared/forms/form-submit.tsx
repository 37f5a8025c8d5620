import { Alert, Button } from 'antd';
import styles from './form-submit.module.css';

interface TFormSubmitProps {
  /** The form-level error, shown above the button when there is one. */
  error?: string;
  isPending: boolean;
  label: string;
}

/** The end of an account form: its error (if any) and the full-width submit button. */
export function FormSubmit({ error, isPending, label }: TFormSubmitProps) {
  return (
    <>
      {error && <Alert type="error" showIcon title={error} className={styles.alert} />}
      <Button type="primary" htmlType="submit" block loading={isPending}>
        {label}
      </Button>
    </>
  );
}
