import { Card, Flex, Typography } from 'antd';
import { useId, type ReactNode } from 'react';
import styles from './demo-frame.module.css';

export interface TDemoFrameProps {
  /** The page heading. */
  title: ReactNode;
  /** One paragraph saying what the demo shows. */
  intro?: ReactNode;
  /** Heading level: 1 for a page, 2 and 3 for the pages nested inside it. */
  level?: 1 | 2 | 3;
  children?: ReactNode;
}

const SIZES = { 1: 20, 2: 17, 3: 15 } as const;

/** The frame of a demo page: a section named by its heading, a short introduction, the demo. */
export function DemoFrame({ title, intro, level = 1, children }: TDemoFrameProps) {
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
        <Typography.Title level={level} id={headingId} style={{ fontSize: SIZES[level], margin: 0 }}>
          {title}
        </Typography.Title>
        {intro ? (
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
            {intro}
          </Typography.Paragraph>
        ) : null}
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
