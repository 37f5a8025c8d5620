import { bannersRoutes, type TBannerForm, type TBannerRequest } from '@linkstore/contract';
import { callRoute } from '../../shared/http/call-route';
import { useRouteMutation } from '../../shared/http/use-route-mutation';

/** The banner list is `bannersRoutes.page` (with `usePagedList`); these are its changes. */

export function loadBannerForm(id: string): Promise<TBannerForm> {
  return callRoute(bannersRoutes.form, { params: { id } });
}

/** Adds a banner, or edits banner `id`. */
export function useSaveBanner() {
  return useRouteMutation({
    mutationFn: ({ values, id }: { values: TBannerRequest; id: string | undefined }) =>
      id === undefined
        ? callRoute(bannersRoutes.create, { body: values })
        : callRoute(bannersRoutes.update, { params: { id }, body: values }),
    invalidates: [bannersRoutes.page],
  });
}

export function useDeleteBanners() {
  return useRouteMutation({
    mutationFn: (ids: readonly string[]) =>
      callRoute(bannersRoutes.delete, { params: { ids: ids.join(',') } }),
    invalidates: [bannersRoutes.page],
  });
}

export function useSetBannerStatus() {
  return useRouteMutation({
    mutationFn: ({ id, isShown }: { id: string; isShown: boolean }) =>
      callRoute(bannersRoutes.status, { params: { id }, query: { status: isShown ? '1' : '0' } }),
    invalidates: [bannersRoutes.page],
  });
}
