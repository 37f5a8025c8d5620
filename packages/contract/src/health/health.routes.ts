import { defineRoutes } from '../platform/route';
import { ZHealthResponse } from './health.schema';

export const healthRoutes = defineRoutes({
  check: {
    method: 'GET',
    path: '/api/health',
    summary: 'Liveness and database reachability',
    tags: ['platform'],
    response: ZHealthResponse,
    access: { public: true },
  },
});
