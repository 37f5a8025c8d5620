import { Card, Flex, Typography } from 'antd';
import { useId, type ReactNode } from 'react';
import styles from './demo-frame.module.css';

/** A demo page: its heading and what it shows, then one card per example. */
export function DemoFrame({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Flex
      vertical
      gap={16}
      component="section"
      aria-labelledby={headingId}
      className={styles.page}
      style={{ minWidth: 0 }}
    >
      <div>
        <Typography.Title level={1} id={headingId} style={{ fontSize: 20, margin: 0 }}>
          {title}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          {intro}
        </Typography.Paragraph>
      </div>
      {children}
    </Flex>
  );
}

/** One example of a demo page, titled (h2). */
export function DemoCard({
  title,
  children,
  extra,
}: {
  title: string;
  children: ReactNode;
  extra?: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card
      size="small"
      role="region"
      aria-labelledby={headingId}
      title={
        <Typography.Title level={2} id={headingId} style={{ fontSize: 16, margin: 0 }}>
          {title}
        </Typography.Title>
      }
      extra={extra}
    >
      {children}
    </Card>
  );
}
