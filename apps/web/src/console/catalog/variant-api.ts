import {
  productsRoutes,
  stockRoutes,
  type TProductVariantsRequest,
  type TStockImportResult,
} from '@linkstore/contract';
import { apiClient } from '../../shared/http/api-client';
import { callRoute, fillPath, routeQueryOptions } from '../../shared/http/call-route';
import type { TDownload } from '../../shared/http/http-client';
import { useRouteMutation } from '../../shared/http/use-route-mutation';
import { saveFile } from '../../shared/http/download';

/** A product's options and variants, as the variant editor reads them. */
export const productVariantsQuery = (id: string) =>
  routeQueryOptions(productsRoutes.variants, { params: { id } });
/** The product's form: its images, for a variant's image picker. */
export const productFormQuery = (id: string) => routeQueryOptions(productsRoutes.form, { params: { id } });

/** Saves a product's options and variants at once (costs in integer cents). */
export function useSaveVariants() {
  return useRouteMutation({
    mutationFn: ({ id, body }: { id: string; body: TProductVariantsRequest }) =>
      callRoute(productsRoutes.saveVariants, { params: { id }, body }),
    // The table's price, stock and count of variants, and the product's form, change with them.
    invalidates: [productsRoutes.variants, productsRoutes.page, productsRoutes.form],
  });
}

/** Every variant's stock as an .xlsx, saved by the browser. */
export function useExportStock() {
  return useRouteMutation({
    mutationFn: async () =>
      saveFile(
        (await apiClient.request(fillPath(stockRoutes.export.path, undefined), {
          method: stockRoutes.export.method,
          responseType: 'blob',
        })) as TDownload,
      ),
  });
}

/** Sets the stock of each SKU of an .xlsx; a file with any bad row changes nothing. */
export function useImportStock() {
  return useRouteMutation({
    mutationFn: (file: Blob): Promise<TStockImportResult> =>
      callRoute(stockRoutes.import, { body: { file } }, { isFormData: true }),
    invalidates: [productsRoutes.page, productsRoutes.variants],
  });
}
