import {
  deptsRoutes,
  rolesRoutes,
  usersRoutes,
  type TBindEmailRequest,
  type TUserCreateRequestInput,
  type TUserForm,
  type TUserImportResult,
  type TUserPageQueryInput,
  type TUserPasswordChangeRequest,
  type TUserProfile,
  type TUserProfileRequestInput,
  type TUserRequestInput,
} from '@linkstore/contract';
import { useQueryClient } from '@tanstack/react-query';
import { callRoute, routeQueryOptions } from '../../shared/http/call-route';
import { downloadRoute, saveFile } from '../../shared/http/download';
import type { TParams } from '../../shared/http/query-string';
import { useRouteMutation } from '../../shared/http/use-route-mutation';
import { useUser } from '../../shared/session/user-store';

/** The users page is `usersRoutes.page` (with `usePagedList`); these are its other calls. */

/** The department tree of the page's left panel and of the form's picker. */
export const deptOptionsQuery = routeQueryOptions(deptsRoutes.options);
/** The roles an operator may grant (ROOT only for ROOT). */
export const roleOptionsQuery = routeQueryOptions(rolesRoutes.options);
export const profileQuery = routeQueryOptions(usersRoutes.profile);

export function loadUserForm(id: string): Promise<TUserForm> {
  return callRoute(usersRoutes.form, { params: { id } });
}

/** What a change of operators makes stale: the page and the user pickers. */
const USER_READS = [usersRoutes.page, usersRoutes.options];

/** Adds an operator (with a first password), or edits operator `id`. */
export function useSaveUser() {
  return useRouteMutation({
    mutationFn: ({
      values,
      id,
    }: {
      values: TUserCreateRequestInput | TUserRequestInput;
      id: string | undefined;
    }) =>
      id === undefined
        ? callRoute(usersRoutes.create, { body: values as TUserCreateRequestInput })
        : callRoute(usersRoutes.update, { params: { id }, body: values }),
    invalidates: USER_READS,
  });
}

export function useDeleteUsers() {
  return useRouteMutation({
    mutationFn: (ids: readonly string[]) => callRoute(usersRoutes.delete, { params: { ids: ids.join(',') } }),
    invalidates: USER_READS,
  });
}

/** Disabling ends every sign-in of the user (the server does it). */
export function useSetUserStatus() {
  return useRouteMutation({
    mutationFn: ({ id, isEnabled }: { id: string; isEnabled: boolean }) =>
      callRoute(usersRoutes.status, { params: { id }, query: { status: isEnabled ? '1' : '0' } }),
    invalidates: USER_READS,
  });
}

/** The new password travels in the body, never in the address. */
export function useResetUserPassword() {
  return useRouteMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) =>
      callRoute(usersRoutes.resetPassword, { params: { id }, body: { password } }),
  });
}

export function useImportUsers() {
  return useRouteMutation({
    mutationFn: (file: Blob): Promise<TUserImportResult> =>
      callRoute(usersRoutes.import, { body: { file } }, { isFormData: true }),
    // Refetched even when no row went in: harmless, and one mechanism for every change.
    invalidates: [usersRoutes.page, usersRoutes.options],
  });
}

/** The import template, saved by the browser. */
export function useDownloadTemplate() {
  return useRouteMutation({ mutationFn: async () => saveFile(await downloadRoute(usersRoutes.template)) });
}

/** The operators the page's filters match, as an .xlsx saved by the browser. */
export function useExportUsers() {
  return useRouteMutation({
    mutationFn: async (filters: TUserPageQueryInput) =>
      saveFile(await downloadRoute(usersRoutes.export, filters as TParams)),
  });
}

/** The navbar shows the name and avatar from the user store: keep it in step with the profile. */
function syncNavbar(profile: TUserProfile): void {
  const { info, setInfo } = useUser.getState();
  if (!info) return;
  setInfo({
    ...info,
    user: { ...info.user, nickname: profile.nickname, avatar: profile.avatar, email: profile.email },
  });
}

/** A change of one's own profile: the answer replaces the cached profile and the navbar's name. */
function useProfileMutation<TVariables>(mutationFn: (variables: TVariables) => Promise<TUserProfile>) {
  const queryClient = useQueryClient();
  return useRouteMutation({
    mutationFn,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQuery.queryKey, profile);
      syncNavbar(profile);
    },
  });
}

export function useUpdateProfile() {
  return useProfileMutation((values: TUserProfileRequestInput) =>
    callRoute(usersRoutes.updateProfile, { body: values }),
  );
}

export function useChangePassword() {
  return useRouteMutation({
    mutationFn: (values: TUserPasswordChangeRequest) =>
      callRoute(usersRoutes.changePassword, { body: values }),
  });
}

/** Asks for a code; answers the seconds before another may be asked for. */
export function useSendEmailCode() {
  return useRouteMutation({
    mutationFn: async (email: string) =>
      (await callRoute(usersRoutes.emailCode, { body: { email } })).resendAfterSeconds,
  });
}

export function useBindEmail() {
  return useProfileMutation((values: TBindEmailRequest) =>
    callRoute(usersRoutes.bindEmail, { body: values }),
  );
}
