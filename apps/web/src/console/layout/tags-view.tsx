import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, theme, type MenuProps } from 'antd';
import { useEffect, useRef, type MouseEvent, type WheelEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useMatches, useNavigate } from 'react-router';
import { normalizePathname } from '../../shared/router/route-guard';
import { textOnFill } from '../../shared/theme/theme-config';
import { CONSOLE_HOME } from '../console-paths';
import {
  closableAround,
  closeAllTags,
  closeLeftTags,
  closeOtherTags,
  closeRightTags,
  closeTag,
  HOME_TAG,
  neighbourAfterClose,
  useTagsView,
  type TTagView,
} from './tags-view-store';
import styles from './console-layout.module.css';

interface TTitledHandle {
  titleKey?: unknown;
  title?: unknown;
}

/** The current console page as a tag: the deepest matched route's title; `?title=` wins. */
export function useCurrentTag(): TTagView {
  const { pathname, search } = useLocation();
  const matches = useMatches();
  const path = normalizePathname(pathname);
  if (path === CONSOLE_HOME) return HOME_TAG;
  const queryTitle = new URLSearchParams(search).get('title')?.trim();
  let titleKey: string | undefined;
  let title = '';
  for (const match of matches) {
    if (typeof match.handle !== 'object' || match.handle === null) continue;
    const handle = match.handle as TTitledHandle;
    if (typeof handle.titleKey !== 'string' && typeof handle.title !== 'string') continue;
    // Route titles are keys of the common namespace (`route.<title>`) unless they name their own
    // (`users:profile.title`): prefixing those showed the key itself on the tag.
    titleKey =
      typeof handle.titleKey === 'string'
        ? handle.titleKey.includes(':')
          ? handle.titleKey
          : `common:${handle.titleKey}`
        : undefined;
    title = typeof handle.title === 'string' ? handle.title : '';
  }
  return {
    path,
    fullPath: `${path}${search}`,
    ...(queryTitle ? { title: queryTitle } : { titleKey, title: title || path }),
    isAffix: false,
  };
}

/** Adds every console page the operator opens to the tags view. */
export function useVisitedTags(): void {
  const tag = useCurrentTag();
  const visit = useTagsView((state) => state.visit);
  const { path, fullPath, titleKey, title } = tag;
  useEffect(() => {
    visit({ path, fullPath, titleKey, title, isAffix: false });
  }, [visit, path, fullPath, titleKey, title]);
}

/** A tag's text in the current language. */
export function useTagTitle(): (tag: TTagView) => string {
  const { t } = useTranslation('console');
  return (tag) => (tag.titleKey ? t(tag.titleKey) : tag.title);
}

export type TTagAction = 'refresh' | 'close' | 'closeOthers' | 'closeLeft' | 'closeRight' | 'closeAll';

/**
 * The tag actions. Closing the open page goes to its neighbour; closing
 * others / left / right / all goes to the chosen tag (or home) when the open page went with them;
 * refresh opens the tag's page and mounts it again, its queries refetched.
 */
export function useTagActions(): (action: TTagAction, path: string) => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const activePath = normalizePathname(pathname);

  return (action, path) => {
    const { tags, setTags, refresh } = useTagsView.getState();
    const target = tags.find((tag) => tag.path === path);
    if (!target) return;
    const go = (tag: TTagView) => void navigate(tag.fullPath);
    if (action === 'refresh') {
      if (path !== activePath) go(target);
      refresh();
      void queryClient.invalidateQueries();
      return;
    }
    const next =
      action === 'close'
        ? closeTag(tags, path)
        : action === 'closeOthers'
          ? closeOtherTags(tags, path)
          : action === 'closeLeft'
            ? closeLeftTags(tags, path)
            : action === 'closeRight'
              ? closeRightTags(tags, path)
              : closeAllTags(tags);
    setTags(next);
    if (next.some((tag) => tag.path === activePath)) return;
    if (action === 'close') go(neighbourAfterClose(tags, next, path));
    else if (action === 'closeAll') go(next.at(-1) ?? HOME_TAG);
    else go(target);
  };
}

function useTagMenu(path: string): MenuProps['items'] {
  const { t } = useTranslation('console');
  const tags = useTagsView((state) => state.tags);
  const can = closableAround(tags, path);
  return [
    { key: 'refresh', label: t('tagsView.refresh') },
    { key: 'close', label: t('tagsView.close'), disabled: !can.canClose },
    { key: 'closeOthers', label: t('tagsView.closeOthers'), disabled: !can.canCloseOthers },
    { key: 'closeLeft', label: t('tagsView.closeLeft'), disabled: !can.canCloseLeft },
    { key: 'closeRight', label: t('tagsView.closeRight'), disabled: !can.canCloseRight },
    { key: 'closeAll', label: t('tagsView.closeAll'), disabled: !can.canCloseAll },
  ];
}

function TagItem({ tag, isActive }: { tag: TTagView; isActive: boolean }) {
  const { t } = useTranslation('console');
  const { token } = theme.useToken();
  const titleOf = useTagTitle();
  const run = useTagActions();
  const items = useTagMenu(tag.path);
  const title = titleOf(tag);

  // Middle click closes, as in upstream.
  const onAuxClick = (event: MouseEvent) => {
    if (event.button !== 1 || tag.isAffix) return;
    event.preventDefault();
    run('close', tag.path);
  };

  return (
    <Dropdown
      trigger={['contextMenu']}
      menu={{
        items,
        onClick: ({ key, domEvent }) => {
          domEvent.stopPropagation();
          run(key as TTagAction, tag.path);
        },
      }}
    >
      <span
        className={styles.tag}
        data-active={isActive || undefined}
        data-path={tag.path}
        style={
          isActive
            ? {
                background: token.colorPrimary,
                borderColor: token.colorPrimary,
                color: textOnFill(token.colorPrimary),
              }
            : { borderColor: token.colorBorder, color: token.colorText, background: token.colorBgContainer }
        }
        onAuxClick={onAuxClick}
      >
        <Link to={tag.fullPath} aria-current={isActive ? 'page' : undefined} className={styles.tagLink}>
          {title}
        </Link>
        {!tag.isAffix && (
          <button
            type="button"
            className={styles.tagClose}
            aria-label={t('tagsView.closeTag', { title })}
            onClick={() => run('close', tag.path)}
          >
            <CloseOutlined aria-hidden />
          </button>
        )}
      </span>
    </Dropdown>
  );
}

/**
 * Visited pages as tabs under the navbar: click to open, right-click (or the menu at the end)
 * for refresh / close / close others / left / right / all; the wheel scrolls the row.
 */
export function TagsView() {
  const { t } = useTranslation('console');
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const activePath = normalizePathname(pathname);
  const tags = useTagsView((state) => state.tags);
  const run = useTagActions();
  const items = useTagMenu(activePath);
  const scrollRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const active = scrollRef.current?.querySelector('[data-active]');
    active?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [activePath, tags.length]);

  const onWheel = (event: WheelEvent<HTMLDivElement>) => {
    if (event.deltaY !== 0) event.currentTarget.scrollLeft += event.deltaY;
  };

  return (
    <nav
      aria-label={t('tagsView.label')}
      className={styles.tagsView}
      style={{ background: token.colorBgContainer, borderColor: token.colorBorderSecondary }}
    >
      <div ref={scrollRef} className={styles.tagsScroll} onWheel={onWheel}>
        {tags.map((tag) => (
          <TagItem key={tag.path} tag={tag} isActive={tag.path === activePath} />
        ))}
      </div>
      <Dropdown
        trigger={['click']}
        menu={{ items, onClick: ({ key }) => run(key as TTagAction, activePath) }}
      >
        <Button
          type="text"
          size="small"
          icon={<DownOutlined aria-hidden />}
          aria-label={t('tagsView.actions')}
        />
      </Dropdown>
    </nav>
  );
}
