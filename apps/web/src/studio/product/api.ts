import { queryOptions } from '@tanstack/react-query';
import {
  shopProductsRoutes,
  shopsRoutes,
  type TShopBanner,
  type TShopBannerRequest,
  type TShopProduct,
} from '@linkstore/contract';
import { callRoute, routeQueryOptions } from '../../shared/http/call-route';
import { useRouteMutation } from '../../shared/http/use-route-mutation';

/** The list's search: blank keywords and "both" visibilities are left out of the query. */
export interface TProductFilters {
  categoryId?: string | undefined;
  keywords?: string | undefined;
  visible?: 0 | 1 | undefined;
  pageNum: number;
  pageSize: number;
}

export function productsQuery({ categoryId, keywords, visible, pageNum, pageSize }: TProductFilters) {
  return routeQueryOptions(shopProductsRoutes.products, {
    query: {
      pageNum,
      pageSize,
      ...(categoryId ? { categoryId } : {}),
      ...(keywords?.trim() ? { keywords: keywords.trim() } : {}),
      ...(visible === undefined ? {} : { visible }),
    },
  });
}

/** The largest page the list endpoint gives. */
const LARGEST_PAGE = 100;

/**
 * Every product of one second-level category in shop order, page after page: the order request
 * must name all of them.
 */
export async function loadAllProducts(categoryId: string, signal?: AbortSignal): Promise<TShopProduct[]> {
  const products: TShopProduct[] = [];
  for (let pageNum = 1; ; pageNum += 1) {
    const page = await callRoute(
      shopProductsRoutes.products,
      { query: { categoryId, pageNum, pageSize: LARGEST_PAGE } },
      { signal },
    );
    products.push(...page.list);
    if (page.list.length < LARGEST_PAGE || products.length >= page.total) return products;
  }
}

/** Keyed under the list route, so invalidating the list refreshes it too. */
export function allProductsQuery(categoryId: string) {
  return queryOptions({
    queryKey: ['GET', shopProductsRoutes.products.path, { allOf: categoryId }] as const,
    queryFn: ({ signal }) => loadAllProducts(categoryId, signal),
  });
}

export function productDetailQuery(id: string) {
  return routeQueryOptions(shopProductsRoutes.product, { params: { id } });
}

/** A product's variants as the shop prices them (decision 0055): read only when opened. */
export function productVariantsQuery(id: string) {
  return routeQueryOptions(shopProductsRoutes.variants, { params: { id } });
}

export const categoryTreeQuery = routeQueryOptions(shopProductsRoutes.categories);
export const bannersQuery = routeQueryOptions(shopsRoutes.banners);

/** Shows or hides products in the shop; every list of them (paged and per subcategory) is fetched again. */
export function useSetVisibility() {
  return useRouteMutation({
    mutationFn: ({ productIds, visible }: { productIds: string[]; visible: 0 | 1 }) =>
      callRoute(shopProductsRoutes.visibility, { body: { productIds, visible } }),
    invalidates: [shopProductsRoutes.products],
  });
}

export function orderProducts(categoryId: string, productIds: string[]): Promise<null> {
  return callRoute(shopProductsRoutes.orderProducts, { body: { categoryId, productIds } });
}

export function orderCategories(parentId: string, categoryIds: string[]): Promise<null> {
  return callRoute(shopProductsRoutes.orderCategories, { body: { parentId, categoryIds } });
}

/** Adds a banner, or edits banner `id`. */
export function useSaveBanner() {
  return useRouteMutation({
    mutationFn: ({
      values,
      id,
    }: {
      values: TShopBannerRequest;
      id: string | undefined;
    }): Promise<TShopBanner> =>
      id === undefined
        ? callRoute(shopsRoutes.createBanner, { body: values })
        : callRoute(shopsRoutes.updateBanner, { params: { id }, body: values }),
    invalidates: [shopsRoutes.banners],
  });
}

export function useDeleteBanner() {
  return useRouteMutation({
    mutationFn: (id: string) => callRoute(shopsRoutes.deleteBanner, { params: { id } }),
    invalidates: [shopsRoutes.banners],
  });
}

export function orderBanners(ids: string[]): Promise<TShopBanner[]> {
  return callRoute(shopsRoutes.orderBanners, { body: { ids } });
}
