import { describe, expect, it } from 'vitest';
import {
  decideNavigation,
  formatPageTitle,
  isDuplicateNavigation,
  normalizePathname,
  redirectTarget,
} from './route-guard';

const go = (pathname: string, isSignedIn: boolean, isUnmatched = false) =>
  decideNavigation({ pathname, search: '', isSignedIn, isUnmatched });

describe('decideNavigation', () => {
  it('sends a signed-in user away from /login and /register to home', () => {
    expect(go('/login', true)).toEqual({ type: 'redirect', to: '/', isMenuReset: false });
    expect(go('/register', true)).toEqual({ type: 'redirect', to: '/', isMenuReset: false });
    expect(go('/login/', true)).toEqual({ type: 'redirect', to: '/', isMenuReset: false });
  });

  it('lets a signed-out user reach /login and /register', () => {
    expect(go('/login', false)).toEqual({ type: 'continue', isMenuReset: false });
    expect(go('/register', false)).toEqual({ type: 'continue', isMenuReset: false });
  });

  it('shows home at / and /index to a signed-in user and resets the menu', () => {
    expect(go('/', true)).toEqual({ type: 'continue', isMenuReset: true });
    expect(go('/index', true)).toEqual({ type: 'continue', isMenuReset: true });
  });

  it('sends a signed-out user from / and /index to the landing page and resets the menu', () => {
    expect(go('/', false)).toEqual({ type: 'redirect', to: '/welcome', isMenuReset: true });
    expect(go('/index', false)).toEqual({ type: 'redirect', to: '/welcome', isMenuReset: true });
  });

  it('lets a visitor see the landing page and sends a signed-in user from it to home', () => {
    expect(go('/welcome', false)).toEqual({ type: 'continue', isMenuReset: false });
    expect(go('/welcome', true)).toEqual({ type: 'redirect', to: '/', isMenuReset: false });
  });

  it('sends unmatched paths to /404 whoever asks', () => {
    expect(go('/nowhere', false, true)).toEqual({ type: 'redirect', to: '/404', isMenuReset: false });
    expect(go('/nowhere', true, true)).toEqual({ type: 'redirect', to: '/404', isMenuReset: false });
  });

  it('does not block a signed-out user on other known paths', () => {
    expect(go('/404', false)).toEqual({ type: 'continue', isMenuReset: false });
    expect(go('/401', false)).toEqual({ type: 'continue', isMenuReset: false });
  });
});

describe('isDuplicateNavigation', () => {
  it('treats the same path and query as a duplicate', () => {
    expect(
      isDuplicateNavigation({ pathname: '/login', search: '?a=1' }, { pathname: '/login/', search: '?a=1' }),
    ).toBe(true);
  });

  it('treats a different query or path as a new navigation', () => {
    expect(
      isDuplicateNavigation({ pathname: '/login', search: '' }, { pathname: '/login', search: '?a=1' }),
    ).toBe(false);
    expect(isDuplicateNavigation({ pathname: '/login', search: '' }, { pathname: '/404', search: '' })).toBe(
      false,
    );
  });
});

describe('formatPageTitle', () => {
  it('formats "<page> - <app>"', () => {
    expect(formatPageTitle('LinkStore', 'Login', null)).toBe('Login - LinkStore');
  });

  it('prefers the title query value', () => {
    expect(formatPageTitle('LinkStore', 'Login', 'Spring sale')).toBe('Spring sale - LinkStore');
  });

  it('falls back to the app title alone', () => {
    expect(formatPageTitle('LinkStore', undefined, null)).toBe('LinkStore');
    expect(formatPageTitle('LinkStore', undefined, '  ')).toBe('LinkStore');
  });
});

describe('path helpers', () => {
  it('normalizes trailing slashes', () => {
    expect(normalizePathname('/')).toBe('/');
    expect(normalizePathname('')).toBe('/');
    expect(normalizePathname('/index//')).toBe('/index');
  });

  it('builds the redirect helper target with its query', () => {
    expect(redirectTarget('order/list', '?page=2')).toBe('/order/list?page=2');
    expect(redirectTarget(undefined, '')).toBe('/');
  });
});
