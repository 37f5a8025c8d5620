import type { FastifyInstance } from 'fastify';

/** The creator's earnings ledger. */
export async function earningsModule(_app: FastifyInstance): Promise<void> {}
