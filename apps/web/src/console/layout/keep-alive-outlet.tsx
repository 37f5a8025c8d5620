import { Activity, Fragment, useState, type ReactNode } from 'react';
import { useLocation, useMatches, useOutlet, type UIMatch } from 'react-router';
import { normalizePathname } from '../../shared/router/route-guard';
import { useTagsView } from './tags-view-store';

/**
 * The views whose pages stay alive while the operator switches tags (the original console's
 * keep-alive): a page of one of these views, with `keepAlive` on its menu, is hidden rather than
 * unmounted when another page opens, and keeps its state (typed text, scroll) until its tag is
 * closed or refreshed. Opt-in by view: a kept page stays in the document (hidden), so every
 * list page kept alive would mean several hidden copies of tables and forms; the demo of nested
 * menus proves the mechanism, and a page joins by adding its component string here.
 */
export const KEPT_ALIVE_VIEWS: ReadonlySet<string> = new Set(['demo/multi-level/level3']);

interface TKeepAliveHandle {
  component?: unknown;
  keepAlive?: unknown;
}

/** Whether the page these matches lead to is kept alive: its deepest route's menu and view. */
export function isKeptAlive(matches: readonly Pick<UIMatch, 'handle'>[], views = KEPT_ALIVE_VIEWS): boolean {
  const handle = matches.at(-1)?.handle as TKeepAliveHandle | undefined;
  return (
    typeof handle === 'object' &&
    handle !== null &&
    handle.keepAlive === true &&
    typeof handle.component === 'string' &&
    views.has(handle.component)
  );
}

/** The kept pages: path → the page as it was last shown. Changed while rendering, never read by effects. */
class KeptPages {
  private readonly pages = new Map<string, ReactNode>();

  /** Remembers the shown page and forgets the pages whose tags are closed. */
  update(path: string, element: ReactNode, isKept: boolean, openPaths: ReadonlySet<string>): void {
    for (const kept of [...this.pages.keys()]) {
      if (kept !== path && !openPaths.has(kept)) this.pages.delete(kept);
    }
    if (isKept) this.pages.set(path, element);
    else this.pages.delete(path);
  }

  entries(): [string, ReactNode][] {
    return [...this.pages];
  }
}

/**
 * The console's `<Outlet/>` with keep-alive: the page being shown, plus every kept-alive page
 * whose tag is still open, hidden with React's `<Activity mode="hidden">` (its state kept, its
 * effects paused until it is shown again).
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const matches = useMatches();
  const tags = useTagsView((state) => state.tags);
  const [kept] = useState(() => new KeptPages());
  const path = normalizePathname(pathname);
  const isKept = isKeptAlive(matches);
  kept.update(path, outlet, isKept, new Set(tags.map((tag) => tag.path)));

  return (
    <>
      {kept.entries().map(([keptPath, element]) => (
        <Activity key={keptPath} mode={keptPath === path ? 'visible' : 'hidden'}>
          {element}
        </Activity>
      ))}
      {isKept ? null : <Fragment key="shown">{outlet}</Fragment>}
    </>
  );
}
