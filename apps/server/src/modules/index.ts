import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthRoutes } from './health/health.routes';

/** Every feature's routes, registered in this order after the app's own plugins. */
export const moduleRoutes: FastifyPluginAsyncZod[] = [healthRoutes];
