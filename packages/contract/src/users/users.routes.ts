import { z } from 'zod';
import { ZCodeSentResponse } from '../accounts/accounts.schema';
import { ZUpdateTimeZoneRequest } from '../dashboard/dashboard.schema';
import { defineRoutes } from '../platform/route';
import {
  ZBindEmailCodeRequest,
  ZBindEmailRequest,
  ZUserCreateRequest,
  ZUserForm,
  ZUserIdParams,
  ZUserIdsParams,
  ZUserImportRequest,
  ZUserImportResult,
  ZUserOptions,
  ZUserPage,
  ZUserPageQuery,
  ZUserPasswordChangeRequest,
  ZUserPasswordResetRequest,
  ZUserProfile,
  ZUserProfileRequest,
  ZUserRequest,
  ZUserStatusQuery,
} from './users.schema';

const tags = ['users'] as const;
const signedIn = { permission: null } as const;

/**
 * Console users (operators: users with at least one role) and everyone's own profile.
 * Upstream left status, template, import, export and options open to any signed-in user; here
 * each declares its permission. ROOT users are invisible to callers who are not ROOT, and the
 * caller's role data scope (all / department and below / own department / self) bounds what
 * the list, the export and every per-user action reach.
 * `GET /users/me` lives with the accounts routes.
 */
export const usersRoutes = defineRoutes({
  page: {
    method: 'GET',
    path: '/api/v1/users/page',
    summary: 'Operators, a page at a time, filtered and sorted, within the caller’s data scope',
    tags,
    query: ZUserPageQuery,
    response: ZUserPage,
    access: { permission: 'sys:user:query' },
  },
  options: {
    method: 'GET',
    path: '/api/v1/users/options',
    summary: 'Enabled operators as options {value, label: nickname}; callers must hold a role',
    tags,
    response: ZUserOptions,
    access: signedIn,
  },
  form: {
    method: 'GET',
    path: '/api/v1/users/:id/form',
    summary: "An operator's form data",
    tags,
    params: ZUserIdParams,
    response: ZUserForm,
    access: { permission: 'sys:user:edit' },
  },
  create: {
    method: 'POST',
    path: '/api/v1/users',
    summary: 'Creates an operator with a first password; username and email must be unused',
    tags,
    body: ZUserCreateRequest,
    response: ZUserForm,
    access: { permission: 'sys:user:add' },
  },
  update: {
    method: 'PUT',
    path: '/api/v1/users/:id',
    summary: 'Edits an operator; username and email must be unused by anyone else',
    tags,
    params: ZUserIdParams,
    body: ZUserRequest,
    response: ZUserForm,
    access: { permission: 'sys:user:edit' },
  },
  delete: {
    method: 'DELETE',
    path: '/api/v1/users/:ids',
    summary: 'Deletes operators by comma-joined ids, all or none; never the caller, ROOT users only by ROOT',
    tags,
    params: ZUserIdsParams,
    response: z.null(),
    access: { permission: 'sys:user:delete' },
  },
  status: {
    method: 'PATCH',
    path: '/api/v1/users/:id/status',
    summary: 'Enables (1) or disables (0) an operator; disabling ends every sign-in of the user',
    tags,
    params: ZUserIdParams,
    query: ZUserStatusQuery,
    response: z.null(),
    access: { permission: 'sys:user:edit' },
  },
  resetPassword: {
    method: 'PUT',
    path: '/api/v1/users/:id/password/reset',
    summary: "Sets an operator's password (in the body) and ends every sign-in of the user",
    tags,
    params: ZUserIdParams,
    body: ZUserPasswordResetRequest,
    response: z.null(),
    access: { permission: 'sys:user:password:reset' },
  },
  /** Answers the .xlsx file itself (not the JSON envelope); errors still come as the envelope. */
  template: {
    method: 'GET',
    path: '/api/v1/users/template',
    summary: 'The import template (.xlsx) with the column headers in the caller’s language',
    tags,
    response: z.null(),
    access: { permission: 'sys:user:import' },
  },
  import: {
    method: 'POST',
    path: '/api/v1/users/import',
    summary:
      'Imports operators from an .xlsx (multipart `file`): valid rows in one transaction, invalid rows reported',
    tags,
    body: ZUserImportRequest,
    response: ZUserImportResult,
    access: { permission: 'sys:user:import' },
  },
  /** Answers the .xlsx file itself (not the JSON envelope); errors still come as the envelope. */
  export: {
    method: 'GET',
    path: '/api/v1/users/export',
    summary: 'The operators the page query matches, as an .xlsx',
    tags,
    query: ZUserPageQuery,
    response: z.null(),
    access: { permission: 'sys:user:export' },
  },
  profile: {
    method: 'GET',
    path: '/api/v1/users/profile',
    summary: "The signed-in user's profile",
    tags,
    response: ZUserProfile,
    access: signedIn,
  },
  updateProfile: {
    method: 'PUT',
    path: '/api/v1/users/profile',
    summary: 'Updates nickname, gender, avatar and mobile of the signed-in user',
    tags,
    body: ZUserProfileRequest,
    response: ZUserProfile,
    access: signedIn,
  },
  changePassword: {
    method: 'PUT',
    path: '/api/v1/users/password',
    summary: 'Changes the own password (the old one is required); every other sign-in ends',
    tags,
    body: ZUserPasswordChangeRequest,
    response: z.null(),
    access: signedIn,
  },
  emailCode: {
    method: 'POST',
    path: '/api/v1/users/email/code',
    summary: 'Emails a code to bind this address to the signed-in account',
    tags,
    body: ZBindEmailCodeRequest,
    response: ZCodeSentResponse,
    access: signedIn,
  },
  bindEmail: {
    method: 'PUT',
    path: '/api/v1/users/email',
    summary: 'Binds the address with the emailed code; an address used by another account is refused',
    tags,
    body: ZBindEmailRequest,
    response: ZUserProfile,
    access: signedIn,
  },
  // The user's own time zone, which the dashboard's days follow (listed with the dashboard in the API docs).
  updateTimeZone: {
    method: 'PUT',
    path: '/api/v1/users/me/time-zone',
    summary: "Save the signed-in user's time zone for the dashboard (null: the browser's)",
    tags: ['dashboard'],
    body: ZUpdateTimeZoneRequest,
    response: z.null(),
    access: signedIn,
  },
});
