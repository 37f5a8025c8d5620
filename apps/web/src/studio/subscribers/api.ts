import { marketingRoutes } from '@linkstore/contract';
import { routeQueryOptions } from '../../shared/http/call-route';
import { downloadRoute, saveFile } from '../../shared/http/download';
import { useRouteMutation } from '../../shared/http/use-route-mutation';

/** The shop's subscribers, newest first, a page at a time. */
export function subscribersQuery(pageNum: number, pageSize: number) {
  return routeQueryOptions(marketingRoutes.subscribers, { query: { pageNum, pageSize } });
}

/** Saves every subscriber of the shop as CSV; a refusal is shown by the http client. */
export function useExportSubscribers() {
  return useRouteMutation({
    mutationFn: async () => saveFile(await downloadRoute(marketingRoutes.export)),
  });
}
