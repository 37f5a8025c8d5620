import { bannersRoutes, type TBannerForm, type TBannerRequest } from '@linkstore/contract';
import { callRoute } from '../../shared/http/call-route';

/** The banner list is `bannersRoutes.page` (with `usePagedList`); these are its changes. */

export function loadBannerForm(id: string): Promise<TBannerForm> {
  return callRoute(bannersRoutes.form, { params: { id } });
}

/** Adds a banner, or edits banner `id`. */
export function saveBanner(values: TBannerRequest, id: string | undefined): Promise<TBannerForm> {
  return id === undefined
    ? callRoute(bannersRoutes.create, { body: values })
    : callRoute(bannersRoutes.update, { params: { id }, body: values });
}

export function deleteBanners(ids: readonly string[]): Promise<null> {
  return callRoute(bannersRoutes.delete, { params: { ids: ids.join(',') } });
}

export function setBannerStatus(id: string, status: 0 | 1): Promise<null> {
  return callRoute(bannersRoutes.status, { params: { id }, query: { status: status === 1 ? '1' : '0' } });
}
