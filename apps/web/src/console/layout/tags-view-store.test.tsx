import { describe, expect, it } from 'vitest';
import { resetDynamicRoutes } from '../../shared/router/dynamic-routes';
import {
  addTag,
  closableAround,
  closeAllTags,
  closeLeftTags,
  closeOtherTags,
  closeRightTags,
  closeTag,
  createTagsViewStore,
  HOME_TAG,
  neighbourAfterClose,
  useTagsView,
  type TTagView,
} from './tags-view-store';

const tag = (path: string, extra: Partial<TTagView> = {}): TTagView => ({
  path,
  fullPath: path,
  title: path.slice(1),
  isAffix: false,
  ...extra,
});

const A = tag('/a');
const B = tag('/b');
const C = tag('/c');
const D = tag('/d');
/** The home (affix) first, then four visited pages. */
const TAGS = [HOME_TAG, A, B, C, D];
const paths = (tags: readonly TTagView[]) => tags.map((candidate) => candidate.path);

describe('tags view list operations', () => {
  it('adds a page once; a second visit keeps its place and takes the new query and title', () => {
    const once = addTag([HOME_TAG, A], B);
    expect(paths(once)).toEqual(['/console', '/a', '/b']);
    const again = addTag(once, tag('/a', { fullPath: '/a?tab=2', title: 'A again' }));
    expect(paths(again)).toEqual(['/console', '/a', '/b']);
    expect(again[1]).toMatchObject({ fullPath: '/a?tab=2', title: 'A again', isAffix: false });
  });

  it('keeps the home tag affix even when its page is visited again', () => {
    const visited = addTag(TAGS, tag('/console', { fullPath: '/console?x=1' }));
    expect(visited[0]).toMatchObject({ path: '/console', isAffix: true });
    expect(paths(closeTag(visited, '/console'))).toEqual(paths(TAGS));
  });

  it('closes one tag, never the affix', () => {
    expect(paths(closeTag(TAGS, '/b'))).toEqual(['/console', '/a', '/c', '/d']);
    expect(paths(closeTag(TAGS, '/console'))).toEqual(paths(TAGS));
  });

  it('closes the others, keeping the chosen one and the affix', () => {
    expect(paths(closeOtherTags(TAGS, '/c'))).toEqual(['/console', '/c']);
    expect(paths(closeOtherTags(TAGS, '/console'))).toEqual(['/console']);
  });

  it('closes to the left and to the right of a tag, keeping the affix', () => {
    expect(paths(closeLeftTags(TAGS, '/c'))).toEqual(['/console', '/c', '/d']);
    expect(paths(closeRightTags(TAGS, '/b'))).toEqual(['/console', '/a', '/b']);
    expect(paths(closeLeftTags(TAGS, '/console'))).toEqual(paths(TAGS));
    expect(paths(closeRightTags(TAGS, '/d'))).toEqual(paths(TAGS));
    // An unknown tag changes nothing.
    expect(paths(closeLeftTags(TAGS, '/zzz'))).toEqual(paths(TAGS));
    expect(paths(closeRightTags(TAGS, '/zzz'))).toEqual(paths(TAGS));
  });

  it('closes all but the affix', () => {
    expect(closeAllTags(TAGS)).toEqual([HOME_TAG]);
  });

  it('finds the neighbour of a closed tag: the next one, else the one before', () => {
    expect(neighbourAfterClose(TAGS, closeTag(TAGS, '/b'), '/b').path).toBe('/c');
    expect(neighbourAfterClose(TAGS, closeTag(TAGS, '/d'), '/d').path).toBe('/c');
    const onlyOne = [HOME_TAG, A];
    expect(neighbourAfterClose(onlyOne, closeTag(onlyOne, '/a'), '/a')).toBe(HOME_TAG);
  });

  it('says which close actions can do something', () => {
    expect(closableAround(TAGS, '/console')).toEqual({
      canClose: false,
      canCloseOthers: true,
      canCloseLeft: false,
      canCloseRight: true,
      canCloseAll: true,
    });
    expect(closableAround(TAGS, '/a')).toMatchObject({ canClose: true, canCloseLeft: false });
    expect(closableAround(TAGS, '/d')).toMatchObject({ canCloseLeft: true, canCloseRight: false });
    expect(closableAround([HOME_TAG], '/console')).toEqual({
      canClose: false,
      canCloseOthers: false,
      canCloseLeft: false,
      canCloseRight: false,
      canCloseAll: false,
    });
  });
});

describe('tags view store', () => {
  it('starts with the home tag, records visits, counts refreshes and resets', () => {
    const store = createTagsViewStore();
    expect(store.getState().tags).toEqual([HOME_TAG]);
    store.getState().visit(A);
    store.getState().visit(B);
    store.getState().visit(A);
    expect(paths(store.getState().tags)).toEqual(['/console', '/a', '/b']);
    store.getState().refresh();
    expect(store.getState().refreshKey).toBe(1);
    store.getState().reset();
    expect(store.getState().tags).toEqual([HOME_TAG]);
  });

  it('is emptied when the console routes are reset (sign-out), and is not kept in localStorage', () => {
    useTagsView.getState().visit(C);
    expect(paths(useTagsView.getState().tags)).toContain('/c');
    expect(Object.keys(localStorage)).toEqual([]);
    resetDynamicRoutes();
    expect(useTagsView.getState().tags).toEqual([HOME_TAG]);
  });
});
