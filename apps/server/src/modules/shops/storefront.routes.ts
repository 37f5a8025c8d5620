import type { FastifyInstance } from 'fastify';

/** The public storefront: shop pages' HTML, their data and the event batches. */
export async function storefrontModule(_app: FastifyInstance): Promise<void> {}
