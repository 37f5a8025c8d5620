import type { RouteObject } from 'react-router';

/** The shoppers' pages (shop, product, order, payment); filled by the storefront issues. */
export const storefrontRoutes: RouteObject[] = [];
