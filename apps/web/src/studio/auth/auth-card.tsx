import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { TopBar } from '../../shared/layout/top-bar';
import styles from './auth-page.module.css';

interface TAuthCardProps {
  /** Id of the heading, which names the card for assistive technology. */
  id: string;
  heading: string;
  subtitle?: string;
  children: ReactNode;
}

/** The frame every sign-in, sign-up and password page shares: top bar, card, heading, subtitle. */
export function AuthCard({ id, heading, subtitle, children }: TAuthCardProps) {
  return (
    <>
      <TopBar />
      <main className={styles.main}>
        <section className={styles.card} aria-labelledby={id}>
          <Typography.Title level={1} id={id} className={styles.heading}>
            {heading}
          </Typography.Title>
          {subtitle && <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>}
          {children}
        </section>
      </main>
    </>
  );
}
