import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TUserProfile } from '@linkstore/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { useUser } from '../../shared/session/user-store';
import { fail, ok } from '../../shared/test/fake-api';
import { installFakeApi, renderConsolePage, signInOperator, signOutOperator } from '../shared/test-support';
import ProfilePage from './profile-page';

const PROFILE: TUserProfile = {
  id: '2',
  username: 'admin',
  nickname: 'Admin',
  avatar: null,
  gender: 1,
  mobile: '5550001',
  email: 'admin@example.com',
  deptName: 'LinkStore',
  roleNames: 'System administrator',
  createTime: '2025-03-01 10:00:00',
};

function fakeApi() {
  return installFakeApi({ 'GET /api/v1/users/profile': () => ok(PROFILE) });
}

afterEach(signOutOperator);

describe('ProfilePage', () => {
  it('shows the profile card and saves the basic info, also in the navbar', async () => {
    const u = userEvent.setup();
    signInOperator([]);
    const api = fakeApi();
    api.on('PUT /api/v1/users/profile', ({ body }) => ok({ ...PROFILE, ...(body as object) }));
    await renderConsolePage(ProfilePage);
    expect(await screen.findByRole('heading', { name: 'My profile' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Admin' })).toBeInTheDocument();
    expect(screen.getAllByText('admin@example.com').length).toBeGreaterThan(0);
    expect(screen.getByText('System administrator')).toBeInTheDocument();
    expect(screen.getByText('LinkStore')).toBeInTheDocument();

    const nickname = screen.getByLabelText('Nickname');
    expect(nickname).toHaveValue('Admin');
    await u.clear(nickname);
    await u.type(nickname, 'Boss');
    await u.type(screen.getByLabelText('Avatar URL'), 'ftp://nope');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Please enter a web address starting with http:// or https://'),
    ).toBeInTheDocument();
    await u.clear(screen.getByLabelText('Avatar URL'));
    await u.type(screen.getByLabelText('Avatar URL'), 'https://img.example.com/boss.png');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/v1/users/profile')[0]?.body).toEqual({
      nickname: 'Boss',
      gender: 1,
      avatar: 'https://img.example.com/boss.png',
      mobile: '5550001',
    });
    expect(useUser.getState().info?.user).toMatchObject({
      nickname: 'Boss',
      avatar: 'https://img.example.com/boss.png',
    });
  });

  it('changes the password: confirmation checked, a wrong current password shown on its field', async () => {
    const u = userEvent.setup();
    signInOperator([]);
    const api = fakeApi();
    let attempts = 0;
    api.on('PUT /api/v1/users/password', () => {
      attempts += 1;
      return attempts === 1
        ? fail('A0400', 'The current password is wrong.', {
            fields: [{ field: 'oldPassword', message: 'The current password is wrong.' }],
          })
        : ok(null);
    });
    await renderConsolePage(ProfilePage);
    await u.click(await screen.findByRole('tab', { name: 'Password' }));
    const panel = screen.getByRole('tabpanel');
    await u.type(within(panel).getByLabelText('Current password'), 'wrong-pass-1');
    await u.type(within(panel).getByLabelText('New password'), 'next-pass-22');
    await u.type(within(panel).getByLabelText('Confirm new password'), 'next-pass-23');
    await u.click(within(panel).getByRole('button', { name: 'Change password' }));
    expect(await within(panel).findByText('The two passwords do not match')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/v1/users/password')).toHaveLength(0);

    await u.clear(within(panel).getByLabelText('Confirm new password'));
    await u.type(within(panel).getByLabelText('Confirm new password'), 'next-pass-22');
    await u.click(within(panel).getByRole('button', { name: 'Change password' }));
    expect(await within(panel).findByText('The current password is wrong.')).toBeInTheDocument();

    await u.clear(within(panel).getByLabelText('Current password'));
    await u.type(within(panel).getByLabelText('Current password'), 'right-pass-1');
    await u.click(within(panel).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed; your other sessions have ended')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/v1/users/password')[1]?.body).toEqual({
      oldPassword: 'right-pass-1',
      newPassword: 'next-pass-22',
      confirmPassword: 'next-pass-22',
    });
  });

  it('binds an email with the emailed code, with a resend countdown', async () => {
    const u = userEvent.setup();
    signInOperator([]);
    const api = fakeApi();
    api.on('POST /api/v1/users/email/code', () => ok({ resendAfterSeconds: 60 }));
    api.on('PUT /api/v1/users/email', ({ body }) =>
      ok({ ...PROFILE, email: (body as { email: string }).email }),
    );
    await renderConsolePage(ProfilePage);
    await u.click(await screen.findByRole('tab', { name: 'Email' }));
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveTextContent('Current email: admin@example.com');

    await u.click(within(panel).getByRole('button', { name: 'Get code' }));
    expect(await within(panel).findByText('Please enter New email')).toBeInTheDocument();
    await u.type(within(panel).getByLabelText('New email'), 'new@example.com');
    await u.click(within(panel).getByRole('button', { name: 'Get code' }));
    expect(await within(panel).findByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
    expect(api.callsTo('POST /api/v1/users/email/code')[0]?.body).toEqual({ email: 'new@example.com' });

    await u.type(within(panel).getByLabelText('Code'), '123456');
    await u.click(within(panel).getByRole('button', { name: 'Bind email' }));
    expect(await screen.findByText('Email bound')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/v1/users/email')[0]?.body).toEqual({
      email: 'new@example.com',
      code: '123456',
    });
    await waitFor(() => expect(panel).toHaveTextContent('Current email: new@example.com'));
  });
});
