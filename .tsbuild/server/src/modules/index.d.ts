import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
/** Every feature's routes, registered in this order after the app's own plugins. */
export declare const moduleRoutes: FastifyPluginAsyncZod[];
