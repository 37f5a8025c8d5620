import { z } from 'zod';

export const ZHealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  uptimeSeconds: z.number().int().min(0),
  database: z.object({
    driver: z.enum(['pglite', 'postgres']),
    ok: z.boolean(),
    latencyMs: z.number().min(0),
  }),
});
export type THealthResponse = z.infer<typeof ZHealthResponse>;
