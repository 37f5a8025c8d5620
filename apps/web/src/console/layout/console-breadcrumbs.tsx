import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { CONSOLE_HOME } from '../console-paths';
import styles from './console-layout.module.css';

interface TTitled {
  titleKey?: string;
  title?: string;
}

function titleOf(handle: unknown): TTitled | undefined {
  if (typeof handle !== 'object' || handle === null) return undefined;
  const { titleKey, title } = handle as TTitled;
  if (typeof titleKey !== 'string' && typeof title !== 'string') return undefined;
  return {
    ...(typeof titleKey === 'string' ? { titleKey } : {}),
    ...(typeof title === 'string' ? { title } : {}),
  };
}

export interface TCrumb {
  key: string;
  text: string;
  to?: string;
}

/**
 * The matched routes' titles, the console home first: `route.<title>` translated when it exists
 * (the `titleKey` the route carries), else the title as the server gives it.
 */
export function useCrumbs(): TCrumb[] {
  const { t } = useTranslation('console');
  const matches = useMatches();
  const crumbs: TCrumb[] = [{ key: CONSOLE_HOME, text: t('layout.home'), to: CONSOLE_HOME }];
  for (const match of matches) {
    if (match.pathname.replace(/\/+$/, '') === CONSOLE_HOME) continue;
    const handle = titleOf(match.handle);
    if (!handle) continue;
    const text = handle.titleKey ? t(handle.titleKey, { ns: 'common' }) : (handle.title ?? '');
    if (text === '' || crumbs.at(-1)?.text === text) continue;
    crumbs.push({ key: match.id, text });
  }
  return crumbs;
}

export function ConsoleBreadcrumbs() {
  const { t } = useTranslation('console');
  const crumbs = useCrumbs();
  return (
    <nav aria-label={t('layout.breadcrumbs')} className={styles.breadcrumbs}>
      <Breadcrumb
        items={crumbs.map((crumb, index) => ({
          key: crumb.key,
          title: crumb.to && index < crumbs.length - 1 ? <Link to={crumb.to}>{crumb.text}</Link> : crumb.text,
        }))}
      />
    </nav>
  );
}
