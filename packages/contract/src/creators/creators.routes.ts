import { z } from 'zod';
import { defineRoutes } from '../platform/route';
import {
  ZCreatorDetail,
  ZCreatorDetailQuery,
  ZCreatorPage,
  ZCreatorParams,
  ZCreatorsQuery,
  ZShopActionRequest,
} from './creators.schema';

const tags = ['creators'] as const;

/** The console's creators: their figures, their shop's history, suspending and lifting the shop. */
export const creatorsRoutes = defineRoutes({
  page: {
    method: 'GET',
    path: '/api/v1/system/creators/page',
    summary: 'Creators (users who own a shop) with their sales, balances and state',
    tags,
    query: ZCreatorsQuery,
    response: ZCreatorPage,
    access: { permission: 'sys:creator:query' },
  },
  detail: {
    method: 'GET',
    path: '/api/v1/system/creators/:userId',
    summary: "A creator's figures, recent orders, a page of their ledger and the actions on their shop",
    tags,
    params: ZCreatorParams,
    query: ZCreatorDetailQuery,
    response: ZCreatorDetail,
    access: { permission: 'sys:creator:query' },
  },
  suspend: {
    method: 'POST',
    path: '/api/v1/system/creators/:userId/suspend',
    summary: "Suspends the creator's shop: its storefront is unavailable and checkout is refused",
    tags,
    params: ZCreatorParams,
    body: ZShopActionRequest,
    response: z.null(),
    access: { permission: 'sys:creator:suspend' },
  },
  lift: {
    method: 'POST',
    path: '/api/v1/system/creators/:userId/lift',
    summary: "Lifts the suspension of the creator's shop",
    tags,
    params: ZCreatorParams,
    body: ZShopActionRequest,
    response: z.null(),
    access: { permission: 'sys:creator:suspend' },
  },
});
