import { discountsRoutes, pricingRoutes, type TDiscountCodeRequest } from '@linkstore/contract';
import { callRoute, routeQueryOptions } from '../../shared/http/call-route';
import { useRouteMutation } from '../../shared/http/use-route-mutation';

/** The shop's discount codes, newest first, a page at a time; blank keywords are left out. */
export function discountsQuery(pageNum: number, pageSize: number, keywords?: string) {
  const part = keywords?.trim();
  return routeQueryOptions(discountsRoutes.page, {
    query: { pageNum, pageSize, ...(part ? { keywords: part } : {}) },
  });
}

/** How many products the picker offers at once (matching what the creator types). */
const PRODUCT_CHOICES = 50;

/** The shop's products on sale (the prices page's list), matching `keywords`: what a code may apply to. */
export function productChoicesQuery(keywords: string) {
  const part = keywords.trim();
  return routeQueryOptions(pricingRoutes.products, {
    query: { pageNum: 1, pageSize: PRODUCT_CHOICES, ...(part ? { keywords: part } : {}) },
  });
}

/** Adds a code, or saves code `id`. */
export function useSaveDiscount() {
  return useRouteMutation({
    mutationFn: ({ id, body }: { id: string | undefined; body: TDiscountCodeRequest }) =>
      id === undefined
        ? callRoute(discountsRoutes.create, { body })
        : callRoute(discountsRoutes.update, { params: { id }, body }),
    invalidates: [discountsRoutes.page],
  });
}

/** Pauses a code (buyers are told so) or resumes it. */
export function usePauseDiscount() {
  return useRouteMutation({
    mutationFn: ({ id, paused }: { id: string; paused: boolean }) =>
      callRoute(discountsRoutes.pause, { params: { id }, body: { paused } }),
    invalidates: [discountsRoutes.page],
  });
}

/** Deletes a code: it no longer applies and its name is free again. */
export function useDeleteDiscount() {
  return useRouteMutation({
    mutationFn: (id: string) => callRoute(discountsRoutes.delete, { params: { id } }),
    invalidates: [discountsRoutes.page],
  });
}
