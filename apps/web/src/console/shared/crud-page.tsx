import { Card, Flex, Typography } from 'antd';
import { useId, type ReactNode } from 'react';

export interface TCrudPageProps {
  /** The page heading (also the name of the page's region). */
  title: string;
  /** A `SearchBar`, above the table. */
  search?: ReactNode;
  /** Buttons above the table (`AddButton`, `BatchDelete`, `RouteButton`): each shown by its route's access. */
  toolbar?: ReactNode;
  /** The table. */
  children: ReactNode;
}

/** The frame of a console list page: heading, search bar, then a card with toolbar and table. */
export function CrudPage({ title, search, toolbar, children }: TCrudPageProps) {
  const headingId = useId();
  return (
    <Flex vertical gap={16} component="section" aria-labelledby={headingId}>
      <Typography.Title level={1} id={headingId} style={{ fontSize: 20, margin: 0 }}>
        {title}
      </Typography.Title>
      {search}
      <Card size="small">
        {toolbar ? (
          <Flex gap={8} wrap style={{ marginBottom: 12 }}>
            {toolbar}
          </Flex>
        ) : null}
        {children}
      </Card>
    </Flex>
  );
}
