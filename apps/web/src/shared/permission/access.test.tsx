import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TCurrentUser } from '@linkstore/contract';
import { useUser } from '../session/user-store';
import { deptsRoutes, rolesRoutes, usersRoutes } from '@linkstore/contract';
import { hasPerm, hasRole, useCanCall, usePerm, useRole, type TAccessValue } from './access';
import { HasPerm, HasRole } from './has-access';

const editor = { roles: ['ADMIN'], perms: ['sys:user:add', 'sys:user:edit'] };
const root = { roles: ['ROOT'], perms: [] };
const guest = { roles: ['GUEST'], perms: ['sys:notice:query'] };

function signIn(access: { roles: string[]; perms: string[] }): void {
  const user: TCurrentUser = {
    userId: '1',
    username: 'admin',
    nickname: 'Admin',
    email: null,
    avatar: null,
    countryId: 'US',
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

describe('hasRole', () => {
  it('passes when any one role matches', () => {
    expect(hasRole(editor, 'ADMIN')).toBe(true);
    expect(hasRole(editor, ['GUEST', 'ADMIN'])).toBe(true);
  });

  it('fails without a matching role, and ROOT is not every role', () => {
    expect(hasRole(editor, ['GUEST'])).toBe(false);
    expect(hasRole(root, 'ADMIN')).toBe(false);
    expect(hasRole(undefined, 'ADMIN')).toBe(false);
  });
});

describe('a missing value is a developer error', () => {
  const invalid: unknown[] = ['', '   ', [], [''], [1], 42, null, undefined, { perm: 'x' }];

  it.each(invalid)('throws in development for %j', (value) => {
    expect(() => hasPerm(root, value as TAccessValue)).toThrow(/non-empty permission/);
    expect(() => hasRole(root, value as TAccessValue)).toThrow(/non-empty role/);
  });

  it.each(invalid)('fails closed in production for %j, even for ROOT', (value) => {
    vi.stubEnv('DEV', false);
    expect(hasPerm(root, value as TAccessValue)).toBe(false);
    expect(hasRole(root, value as TAccessValue)).toBe(false);
  });
});

describe('usePerm / useRole', () => {
  it('follow the signed-in user in the user store', () => {
    const perm = renderHook(() => usePerm());
    const role = renderHook(() => useRole());
    expect(perm.result.current('sys:user:add')).toBe(false);
    expect(role.result.current('ADMIN')).toBe(false);

    act(() => signIn(editor));
    perm.rerender();
    role.rerender();
    expect(perm.result.current('sys:user:add')).toBe(true);
    expect(perm.result.current('sys:user:delete')).toBe(false);
    expect(role.result.current(['ADMIN'])).toBe(true);
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

describe('<HasPerm> / <HasRole>', () => {
  function Toolbar() {
    return (
      <div>
        <HasPerm value="sys:user:add">
          <button type="button">Add</button>
        </HasPerm>
        <HasPerm value={['sys:user:delete']}>
          <button type="button">Delete</button>
        </HasPerm>
        <HasRole value={['ADMIN']}>
          <button type="button">Admin tools</button>
        </HasRole>
      </div>
    );
  }

  it('render the children only when allowed; the others are absent from the page', () => {
    signIn(editor);
    render(<Toolbar />);
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Admin tools' })).toBeInTheDocument();
    expect(screen.queryByText('Delete')).toBeNull();
  });

  it('render nothing when signed out, and everything gated by permission for ROOT', () => {
    const { rerender } = render(<Toolbar />);
    expect(screen.queryByRole('button')).toBeNull();

    act(() => signIn(root));
    rerender(<Toolbar />);
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByText('Admin tools')).toBeNull();
  });

  it('update when the user changes', () => {
    signIn(guest);
    render(<Toolbar />);
    expect(screen.queryByText('Add')).toBeNull();
    act(() => signIn(editor));
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();
  });

  it('throw on an empty value in development', () => {
    signIn(root);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() =>
      render(
        <HasPerm value="">
          <span>x</span>
        </HasPerm>,
      ),
    ).toThrow(/non-empty permission/);
  });
});
