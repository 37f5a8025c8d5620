import { paypalBindingRoutes, type TSandboxConsentRequest } from '@linkstore/contract';
import { useMutation } from '@tanstack/react-query';
import { callRoute, callRouteQuietly, routeQueryOptions } from '../../shared/http/call-route';
import { useRouteMutation } from '../../shared/http/use-route-mutation';
import { useSetMyShop } from './api';

/** Leaving the app for PayPal (or the sandbox's pages); tests replace `assign`. */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** Starts "Connect PayPal" and sends the browser where the server says (PayPal's sign-in). */
export function useConnectPayPal() {
  return useMutation({
    mutationFn: () => callRoute(paypalBindingRoutes.connect),
    onSuccess: ({ authorizeUrl }) => browser.assign(authorizeUrl),
  });
}

/** Removes the payout account; the answered shop goes into the shared cache. */
export function useDisconnectPayPal() {
  const setMyShop = useSetMyShop();
  return useRouteMutation({
    mutationFn: () => callRoute(paypalBindingRoutes.disconnect),
    onSuccess: setMyShop,
  });
}

/**
 * The pages say themselves when an attempt is gone or not the caller's: no error toast as well;
 * an access token that expired meanwhile is renewed all the same (`callRouteQuietly`).
 */
export const bindingResultQuery = (state: string) => {
  const input = { params: { state } };
  return {
    ...routeQueryOptions(paypalBindingRoutes.result, input),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      callRouteQuietly(paypalBindingRoutes.result, input, { signal }),
  };
};

export const sandboxConsentQuery = (state: string) => {
  const input = { params: { state } };
  return {
    ...routeQueryOptions(paypalBindingRoutes.sandboxConsent, input),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      callRouteQuietly(paypalBindingRoutes.sandboxConsent, input, { signal }),
  };
};

/** The creator's answer on the sandbox's consent page; the browser then goes to our callback. */
export function useSandboxDecide(state: string) {
  return useMutation({
    mutationFn: (body: TSandboxConsentRequest) =>
      callRoute(paypalBindingRoutes.sandboxDecide, { params: { state }, body }),
    onSuccess: ({ redirectUrl }) => browser.assign(redirectUrl),
  });
}
