import type { FastifyInstance } from 'fastify';

/** The creator's own orders. */
export async function ordersModule(_app: FastifyInstance): Promise<void> {}
