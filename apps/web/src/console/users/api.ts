import {
  deptsRoutes,
  rolesRoutes,
  usersRoutes,
  type TBindEmailRequest,
  type TRouteDef,
  type TUserCreateRequestInput,
  type TUserForm,
  type TUserImportResult,
  type TUserPageQueryInput,
  type TUserPasswordChangeRequest,
  type TUserProfile,
  type TUserProfileRequestInput,
  type TUserRequestInput,
} from '@linkstore/contract';
import { apiClient } from '../../shared/http/api-client';
import { callRoute, fillPath, routeQueryOptions } from '../../shared/http/call-route';
import type { TDownload } from '../../shared/http/http-client';
import type { TParams } from '../../shared/http/query-string';

/** The users page is `usersRoutes.page` (with `usePagedList`); these are its other calls. */

/** The department tree of the page's left panel and of the form's picker. */
export const deptOptionsQuery = routeQueryOptions(deptsRoutes.options);
/** The roles an operator may grant (ROOT only for ROOT). */
export const roleOptionsQuery = routeQueryOptions(rolesRoutes.options);
export const profileQuery = routeQueryOptions(usersRoutes.profile);

export function loadUserForm(id: string): Promise<TUserForm> {
  return callRoute(usersRoutes.form, { params: { id } });
}

/** Adds an operator (with a first password), or edits operator `id`. */
export function saveUser(
  values: TUserCreateRequestInput | TUserRequestInput,
  id: string | undefined,
): Promise<TUserForm> {
  return id === undefined
    ? callRoute(usersRoutes.create, { body: values as TUserCreateRequestInput })
    : callRoute(usersRoutes.update, { params: { id }, body: values });
}

export function deleteUsers(ids: readonly string[]): Promise<null> {
  return callRoute(usersRoutes.delete, { params: { ids: ids.join(',') } });
}

/** Disabling ends every sign-in of the user (the server does it). */
export function setUserStatus(id: string, status: 0 | 1): Promise<null> {
  return callRoute(usersRoutes.status, { params: { id }, query: { status: status === 1 ? '1' : '0' } });
}

/** The new password travels in the body, never in the address. */
export function resetUserPassword(id: string, password: string): Promise<null> {
  return callRoute(usersRoutes.resetPassword, { params: { id }, body: { password } });
}

export function importUsers(file: Blob): Promise<TUserImportResult> {
  return callRoute(usersRoutes.import, { body: { file } }, { isFormData: true });
}

async function download(route: TRouteDef, query?: TParams): Promise<TDownload> {
  return (await apiClient.request(fillPath(route.path, undefined), {
    method: route.method,
    params: query,
    responseType: 'blob',
  })) as TDownload;
}

export const downloadTemplate = () => download(usersRoutes.template);

/** The operators the page's filters match, as an .xlsx. */
export const exportUsers = (filters: TUserPageQueryInput) => download(usersRoutes.export, filters as TParams);

/** Hands a downloaded file to the browser ("save as"). */
export function saveFile({ blob, filename }: TDownload): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Let the browser start reading it before it goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function updateProfile(values: TUserProfileRequestInput): Promise<TUserProfile> {
  return callRoute(usersRoutes.updateProfile, { body: values });
}

export function changePassword(values: TUserPasswordChangeRequest): Promise<null> {
  return callRoute(usersRoutes.changePassword, { body: values });
}

/** Asks for a code; answers the seconds before another may be asked for. */
export async function sendEmailCode(email: string): Promise<number> {
  return (await callRoute(usersRoutes.emailCode, { body: { email } })).resendAfterSeconds;
}

export function bindEmail(values: TBindEmailRequest): Promise<TUserProfile> {
  return callRoute(usersRoutes.bindEmail, { body: values });
}
