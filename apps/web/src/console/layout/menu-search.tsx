import { EnterOutlined, LinkOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Modal, Typography, theme } from 'antd';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { translateRouteTitle } from '../../shared/router/dynamic-routes';
import { CONSOLE_HOME } from '../console-paths';
import { useSidebarEntries } from './console-sidebar';
import type { TSidebarEntry } from './sidebar-items';
import styles from './console-layout.module.css';

/** One page the search can open: its translated title and the titles of the menus above it. */
export interface TMenuSearchEntry {
  key: string;
  title: string;
  trail: string[];
  link: { pathname: string; search: string; isExternal: boolean };
}

/** The caller's visible menu pages (the sidebar's leaves), with translated titles. */
export function flattenMenuEntries(
  entries: readonly TSidebarEntry[],
  translate: (title: string) => string,
  trail: readonly string[] = [],
): TMenuSearchEntry[] {
  return entries.flatMap((entry) => {
    const title = translate(entry.title);
    if (entry.children) return flattenMenuEntries(entry.children, translate, [...trail, title]);
    if (!entry.link) return [];
    return [{ key: entry.key, title, trail: [...trail], link: entry.link }];
  });
}

/** Lower case without accents, so "configuracion" finds "Configuración". */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase();
}

/**
 * The entries whose translated title contains the query (case and accents ignored); titles that
 * start with it first. An empty query lists every entry.
 */
export function filterMenuEntries(entries: readonly TMenuSearchEntry[], query: string): TMenuSearchEntry[] {
  const needle = fold(query.trim());
  if (needle === '') return [...entries];
  const starting: TMenuSearchEntry[] = [];
  const containing: TMenuSearchEntry[] = [];
  for (const entry of entries) {
    const title = fold(entry.title);
    if (title.startsWith(needle)) starting.push(entry);
    else if (title.includes(needle)) containing.push(entry);
  }
  return [...starting, ...containing];
}

const isShortcut = (event: globalThis.KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';

/**
 * Menu search in the navbar: a dialog, also opened with Ctrl/Cmd+K, that
 * finds the caller's menu pages by their translated title; arrows move, Enter opens (external
 * links in a new tab), Escape closes.
 */
export function MenuSearch() {
  const { t, i18n } = useTranslation('console');
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const sidebarEntries = useSidebarEntries();
  const [isOpen, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const language = i18n.language;

  const entries = useMemo<TMenuSearchEntry[]>(
    () => [
      {
        key: CONSOLE_HOME,
        title: t('layout.home', { lng: language }),
        trail: [],
        link: { pathname: CONSOLE_HOME, search: '', isExternal: false },
      },
      ...flattenMenuEntries(sidebarEntries, translateRouteTitle),
    ],
    [sidebarEntries, t, language],
  );
  const results = useMemo(() => filterMenuEntries(entries, query), [entries, query]);
  const active = Math.min(activeIndex, Math.max(results.length - 1, 0));

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (!isShortcut(event)) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const close = () => {
    setOpen(false);
    setQuery('');
    setActiveIndex(0);
  };

  const openEntry = (entry: TMenuSearchEntry | undefined) => {
    if (!entry) return;
    close();
    if (entry.link.isExternal) window.open(entry.link.pathname, '_blank', 'noopener,noreferrer');
    else void navigate({ pathname: entry.link.pathname, search: entry.link.search });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (results.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((active + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      openEntry(results[active]);
    }
  };

  const optionId = (index: number) => `console-menu-search-option-${index}`;

  return (
    <>
      <Button
        type="text"
        icon={<SearchOutlined aria-hidden />}
        aria-label={t('menuSearch.open')}
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => setOpen(true)}
      />
      <Modal
        open={isOpen}
        title={t('menuSearch.title')}
        onCancel={close}
        footer={
          <Typography.Text type="secondary" className={styles.searchHint}>
            {t('menuSearch.hint')}
          </Typography.Text>
        }
        destroyOnHidden
      >
        <Input
          autoFocus
          role="combobox"
          aria-label={t('menuSearch.label')}
          aria-expanded={results.length > 0}
          aria-controls="console-menu-search-results"
          aria-autocomplete="list"
          aria-activedescendant={results.length > 0 ? optionId(active) : undefined}
          placeholder={t('menuSearch.placeholder')}
          prefix={<SearchOutlined aria-hidden />}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActiveIndex(0);
          }}
          onKeyDown={onKeyDown}
          allowClear
        />
        {results.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('menuSearch.empty')} />
        ) : (
          <ul
            ref={listRef}
            id="console-menu-search-results"
            role="listbox"
            aria-label={t('menuSearch.results')}
            className={styles.searchResults}
          >
            {results.map((entry, index) => (
              <li
                key={entry.key}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={styles.searchResult}
                style={index === active ? { background: token.colorPrimaryBg } : undefined}
                onMouseEnter={() => setActiveIndex(index)}
                onClick={() => openEntry(entry)}
              >
                <span className={styles.searchTitle}>
                  {entry.title}
                  {entry.trail.length > 0 && (
                    <Typography.Text type="secondary" className={styles.searchTrail}>
                      {entry.trail.join(' / ')}
                    </Typography.Text>
                  )}
                </span>
                {entry.link.isExternal ? (
                  <LinkOutlined aria-label={t('menuSearch.external')} />
                ) : (
                  index === active && <EnterOutlined aria-hidden />
                )}
              </li>
            ))}
          </ul>
        )}
      </Modal>
    </>
  );
}
