import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TopBar } from '../../shared/layout/top-bar';
import styles from './auth-page.module.css';

/** Screens whose function opens with accounts: say so plainly and lead back to sign-in. */
function PendingPage({ section }: { section: 'register' | 'forgotPassword' }) {
  const { t } = useTranslation('studio');
  return (
    <>
      <TopBar />
      <main className={styles.main}>
        <section className={styles.card}>
          <Typography.Title level={1}>{t(`auth.${section}.heading`)}</Typography.Title>
          <Typography.Paragraph>{t(`auth.${section}.text`)}</Typography.Paragraph>
          <Link to="/login">{t('auth.pending.backToLogin')}</Link>
        </section>
      </main>
    </>
  );
}

export function RegisterPage() {
  return <PendingPage section="register" />;
}

export function ForgotPasswordPage() {
  return <PendingPage section="forgotPassword" />;
}
