import { BookOutlined, CodeOutlined } from '@ant-design/icons';
import { configsRoutes } from '@linkstore/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { routeQueryOptions } from '../../shared/http/call-route';

/** The navbar's links as settings give them (`DOC_URL`, `CODE_HOSTING_URL`). */
export const consoleLinksQuery = routeQueryOptions(configsRoutes.links);

function NavbarLink({ href, label, icon }: { href: string; label: string; icon: ReactNode }) {
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={label}
        icon={icon}
      />
    </Tooltip>
  );
}

/**
 * The navbar's documentation and code-hosting links, read from the runtime configuration (the
 * settings `DOC_URL` and `CODE_HOSTING_URL`, set on System › Configuration); a link whose
 * setting is empty is not shown. They open in a new tab.
 */
export function NavbarLinks() {
  const { t } = useTranslation('console');
  const { data } = useQuery({ ...consoleLinksQuery, staleTime: 60_000 });
  if (!data) return null;
  return (
    <>
      {data.docUrl ? (
        <NavbarLink href={data.docUrl} label={t('navbar.links.doc')} icon={<BookOutlined aria-hidden />} />
      ) : null}
      {data.codeHostingUrl ? (
        <NavbarLink
          href={data.codeHostingUrl}
          label={t('navbar.links.code')}
          icon={<CodeOutlined aria-hidden />}
        />
      ) : null}
    </>
  );
}
