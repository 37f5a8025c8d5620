import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TCurrentUser } from '@linkstore/contract';
import { useUser } from '../session/user-store';
import { deptsRoutes, rolesRoutes, usersRoutes } from '@linkstore/contract';
import { hasPerm, useCanCall, type TAccessValue } from './access';

const editor = { roles: ['ADMIN'], perms: ['sys:user:add', 'sys:user:edit'] };
const root = { roles: ['ROOT'], perms: [] };

function signIn(access: { roles: string[]; perms: string[] }): void {
  const user: TCurrentUser = {
    userId: '1',
    username: 'admin',
    nickname: 'Admin',
    email: null,
    avatar: null,
    countryId: 'US',
    timeZone: null,
    ...access,
  };
  const business = { email: null, subdomainurl: null, image_url: null, nickname: null, country_id: null };
  useUser.getState().setInfo({ user, business } as never);
}

afterEach(() => {
  cleanup();
  useUser.getState().clear();
  vi.unstubAllEnvs();
});

describe('hasPerm', () => {
  it('passes with the permission, or any one of a list', () => {
    expect(hasPerm(editor, 'sys:user:add')).toBe(true);
    expect(hasPerm(editor, ['sys:user:delete', 'sys:user:edit'])).toBe(true);
  });

  it('fails without any of the permissions, and when signed out', () => {
    expect(hasPerm(editor, 'sys:user:delete')).toBe(false);
    expect(hasPerm(editor, ['sys:role:add', 'sys:role:edit'])).toBe(false);
    expect(hasPerm(null, 'sys:user:add')).toBe(false);
  });

  it('lets role ROOT pass every permission check', () => {
    expect(hasPerm(root, 'sys:user:delete')).toBe(true);
    expect(hasPerm(root, ['anything:at:all'])).toBe(true);
  });

  it('does not treat a role as a permission', () => {
    expect(hasPerm(editor, 'ADMIN')).toBe(false);
  });
});

describe('a missing value is a developer error', () => {
  const invalid: unknown[] = ['', '   ', [], [''], [1], 42, null, undefined, { perm: 'x' }];

  it.each(invalid)('throws in development for %j', (value) => {
    expect(() => hasPerm(root, value as TAccessValue)).toThrow(/non-empty permission/);
  });

  it.each(invalid)('fails closed in production for %j, even for ROOT', (value) => {
    vi.stubEnv('DEV', false);
    expect(hasPerm(root, value as TAccessValue)).toBe(false);
  });
});

describe('useCanCall', () => {
  it('follows the access the contract declares for a route, lists included', () => {
    const canCall = renderHook(() => useCanCall());
    expect(canCall.result.current(usersRoutes.profile)).toBe(false);

    act(() => signIn({ roles: ['SUPPORT'], perms: ['sys:user:query'] }));
    canCall.rerender();
    expect(canCall.result.current(usersRoutes.profile)).toBe(true); // any signed-in caller
    expect(canCall.result.current(deptsRoutes.options)).toBe(true); // sys:dept:query or sys:user:query
    expect(canCall.result.current(rolesRoutes.options)).toBe(false);
    expect(canCall.result.current(usersRoutes.create)).toBe(false);
  });
});
