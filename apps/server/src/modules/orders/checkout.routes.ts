import type { FastifyInstance } from 'fastify';

/** A buyer's checkout, payment capture, the sandbox approval and the PayPal webhook. */
export async function checkoutModule(_app: FastifyInstance): Promise<void> {}
