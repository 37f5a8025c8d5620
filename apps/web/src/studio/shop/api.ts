import { useQueryClient } from '@tanstack/react-query';
import {
  shopsRoutes,
  type TCreateShopRequest,
  type TShop,
  type TUpdateShopRequest,
} from '@linkstore/contract';
import { callRoute, routeQueryOptions } from '../../shared/http/call-route';
import { useRouteMutation } from '../../shared/http/use-route-mutation';

/** The creator's shop, or null before they open one; the layout, home and shop pages share it. */
export const myShopQuery = routeQueryOptions(shopsRoutes.mine);

/** A change of the shop: the server's answer goes into the shared cache, so every page shows it. */
function useShopMutation<TVariables = void>(mutationFn: (variables: TVariables) => Promise<TShop>) {
  const setMyShop = useSetMyShop();
  return useRouteMutation({ mutationFn, onSuccess: setMyShop });
}

export function useCreateShop() {
  return useShopMutation((body: TCreateShopRequest) => callRoute(shopsRoutes.create, { body }));
}

export function useUpdateShop() {
  return useShopMutation((body: TUpdateShopRequest) => callRoute(shopsRoutes.update, { body }));
}

/** Records that the link went out (quick start step 4); the server keeps the first time only. */
export function useMarkShopShared() {
  return useShopMutation(() => callRoute(shopsRoutes.markShared));
}

/**
 * Keeps the suggested prices as they are: quick start step 3 counts as done, remembered by the
 * server (the first time only); no price changes.
 */
export function useKeepPrices() {
  return useShopMutation(() => callRoute(shopsRoutes.keepPrices));
}

/** Puts a shop the server answered into the shared cache, so every page shows it at once. */
export function useSetMyShop(): (shop: TShop) => void {
  const queryClient = useQueryClient();
  return (shop) => queryClient.setQueryData(myShopQuery.queryKey, shop);
}
