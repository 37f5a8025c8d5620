import { create } from 'zustand';
import { onDynamicRoutesReset } from '../../shared/router/dynamic-routes';
import { CONSOLE_HOME } from '../console-paths';

/**
 * The tags view: one tag per visited console page, under the navbar. The
 * console home is an affix tag, always first, never closed.
 *
 * Kept for the session only, not in localStorage: only the settings and the app preferences
 * persist, and the original console does not keep visited pages across reloads either. A sign-out
 * (routes reset) empties it.
 */
export interface TTagView {
  /** The page's pathname: one tag per page. */
  path: string;
  /** Pathname and query of the last visit, where clicking the tag goes. */
  fullPath: string;
  /** i18next key with its namespace (`common:route.Users`): translated when shown. */
  titleKey?: string | undefined;
  /** The text when there is no key: the server's menu title, or the `title` query value. */
  title: string;
  isAffix: boolean;
}

export const HOME_TAG: TTagView = {
  path: CONSOLE_HOME,
  fullPath: CONSOLE_HOME,
  titleKey: 'console:layout.home',
  title: '',
  isAffix: true,
};

// ---------------------------------------------------------------------------------------------
// Pure list operations (the store and its tests use them)

/** Adds a visited page; a page already there keeps its place and takes the new query and title. */
export function addTag(tags: readonly TTagView[], tag: TTagView): TTagView[] {
  const index = tags.findIndex((candidate) => candidate.path === tag.path);
  if (index === -1) return [...tags, tag];
  const current = tags[index] as TTagView;
  const updated = { ...tag, isAffix: current.isAffix };
  return tags.map((candidate, i) => (i === index ? updated : candidate));
}

export function closeTag(tags: readonly TTagView[], path: string): TTagView[] {
  return tags.filter((tag) => tag.isAffix || tag.path !== path);
}

export function closeOtherTags(tags: readonly TTagView[], path: string): TTagView[] {
  return tags.filter((tag) => tag.isAffix || tag.path === path);
}

export function closeLeftTags(tags: readonly TTagView[], path: string): TTagView[] {
  const index = tags.findIndex((tag) => tag.path === path);
  if (index === -1) return [...tags];
  return tags.filter((tag, i) => tag.isAffix || i >= index);
}

export function closeRightTags(tags: readonly TTagView[], path: string): TTagView[] {
  const index = tags.findIndex((tag) => tag.path === path);
  if (index === -1) return [...tags];
  return tags.filter((tag, i) => tag.isAffix || i <= index);
}

export function closeAllTags(tags: readonly TTagView[]): TTagView[] {
  return tags.filter((tag) => tag.isAffix);
}

/**
 * Where to go when the page at `closedPath` was open and its tag is gone: the tag that took its
 * place (the right neighbour), else the one before it, else the last one.
 */
export function neighbourAfterClose(
  before: readonly TTagView[],
  after: readonly TTagView[],
  closedPath: string,
): TTagView {
  const index = before.findIndex((tag) => tag.path === closedPath);
  return after[index] ?? after[index - 1] ?? after.at(-1) ?? HOME_TAG;
}

/** What the close actions of one tag can do (a disabled item does nothing). */
export function closableAround(tags: readonly TTagView[], path: string) {
  const index = tags.findIndex((tag) => tag.path === path);
  const closable = (tag: TTagView, i: number) => !tag.isAffix && i !== index;
  return {
    canClose: index !== -1 && !(tags[index] as TTagView).isAffix,
    canCloseOthers: tags.some(closable),
    canCloseLeft: index > 0 && tags.slice(0, index).some((tag) => !tag.isAffix),
    canCloseRight: index !== -1 && tags.slice(index + 1).some((tag) => !tag.isAffix),
    canCloseAll: tags.some((tag) => !tag.isAffix),
  };
}

// ---------------------------------------------------------------------------------------------
// Store

export interface TTagsViewState {
  tags: TTagView[];
  /** Changes to re-mount the current page (the "refresh" action). */
  refreshKey: number;
  visit: (tag: TTagView) => void;
  setTags: (tags: TTagView[]) => void;
  refresh: () => void;
  reset: () => void;
}

export function createTagsViewStore() {
  return create<TTagsViewState>()((set) => ({
    tags: [HOME_TAG],
    refreshKey: 0,
    visit: (tag) => set((state) => ({ tags: addTag(state.tags, tag) })),
    setTags: (tags) => set({ tags }),
    refresh: () => set((state) => ({ refreshKey: state.refreshKey + 1 })),
    reset: () => set({ tags: [HOME_TAG] }),
  }));
}

export const useTagsView = createTagsViewStore();

onDynamicRoutesReset(() => useTagsView.getState().reset());
