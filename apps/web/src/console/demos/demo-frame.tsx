import { Flex, Typography } from 'antd';
import { useId, type ReactNode } from 'react';

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
    <Flex vertical gap={16} component="section" aria-labelledby={headingId}>
      <Typography.Title level={level} id={headingId} style={{ fontSize: SIZES[level], margin: 0 }}>
        {title}
      </Typography.Title>
      {intro ? <Typography.Paragraph style={{ margin: 0 }}>{intro}</Typography.Paragraph> : null}
      {children}
    </Flex>
  );
}
