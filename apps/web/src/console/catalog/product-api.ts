import {
  categoriesRoutes,
  formatPriceMinor,
  parsePriceMinor,
  productsRoutes,
  type TProductForm,
  type TProductRequest,
} from '@linkstore/contract';
import { callRoute, routeQueryOptions } from '../../shared/http/call-route';
import { useRouteMutation } from '../../shared/http/use-route-mutation';

/**
 * The product form: the contract's body with the price as the decimal amount typed in, and how
 * many variants the product has (read, never sent: with more than one, price and stock are
 * edited per variant).
 */
export type TProductFormValues = Omit<TProductRequest, 'platformPriceMinor'> & {
  price: string;
  variants?: number;
};

/** Every shown category as a tree: the filter and the product's category picker. */
export const categoryTreeOptionsQuery = routeQueryOptions(categoriesRoutes.options, {
  query: { level: 'all' },
});

export async function loadProductForm(id: string): Promise<Partial<TProductFormValues>> {
  const { platformPriceMinor, ...rest }: TProductForm = await callRoute(productsRoutes.form, {
    params: { id },
  });
  return { ...rest, price: formatPriceMinor(platformPriceMinor) };
}

/** Adds a product, or edits product `id`; the amount becomes cents with integer arithmetic. */
export function useSaveProduct() {
  return useRouteMutation({
    mutationFn: ({
      values: { price, variants: _variants, ...values },
      id,
    }: {
      values: TProductFormValues;
      id: string | undefined;
    }) => {
      // The form has checked the amount; 0 makes the server refuse it on the price field.
      const body: TProductRequest = { ...values, platformPriceMinor: parsePriceMinor(price) ?? 0 };
      return id === undefined
        ? callRoute(productsRoutes.create, { body })
        : callRoute(productsRoutes.update, { params: { id }, body });
    },
    invalidates: [productsRoutes.page],
  });
}

export function useDeleteProduct() {
  return useRouteMutation({
    mutationFn: (id: string) => callRoute(productsRoutes.delete, { params: { id } }),
    invalidates: [productsRoutes.page],
  });
}

export function useSetProductStatus() {
  return useRouteMutation({
    mutationFn: ({ id, isOnSale }: { id: string; isOnSale: boolean }) =>
      callRoute(productsRoutes.status, { params: { id }, query: { status: isOnSale ? '1' : '0' } }),
    invalidates: [productsRoutes.page],
  });
}
