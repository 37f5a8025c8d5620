import { useQueryClient } from '@tanstack/react-query';
import {
  shopsRoutes,
  type TCreateShopRequest,
  type TShop,
  type TUpdateShopRequest,
} from '@linkstore/contract';
import { callRoute, routeQueryOptions } from '../../shared/http/call-route';

/** The creator's shop, or null before they open one; the layout, home and shop pages share it. */
export const myShopQuery = routeQueryOptions(shopsRoutes.mine);

export function createShop(body: TCreateShopRequest): Promise<TShop> {
  return callRoute(shopsRoutes.create, { body });
}

export function updateShop(body: TUpdateShopRequest): Promise<TShop> {
  return callRoute(shopsRoutes.update, { body });
}

/** Records that the link went out (quick start step 4); the server keeps the first time only. */
export function markShopShared(): Promise<TShop> {
  return callRoute(shopsRoutes.markShared);
}

/** Puts a shop the server answered into the shared cache, so every page shows it at once. */
export function useSetMyShop(): (shop: TShop) => void {
  const queryClient = useQueryClient();
  return (shop) => queryClient.setQueryData(myShopQuery.queryKey, shop);
}
