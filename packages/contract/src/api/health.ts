import { healthSchema } from '../health';
import { route } from '../route';

export const health = {
  check: route({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    summary: 'Liveness and database reachability',
    responses: { 200: healthSchema, 503: healthSchema },
  }),
};
