import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** One size for every studio page's heading, on phones and wide screens alike. */
export const PAGE_HEADING_STYLE = { fontSize: 24, lineHeight: 1.35, marginBottom: 16 } as const;

/** The page's one `<h1>`. */
export function PageHeading({ children }: { children: ReactNode }) {
  return (
    <Typography.Title level={1} style={PAGE_HEADING_STYLE}>
      {children}
    </Typography.Title>
  );
}
