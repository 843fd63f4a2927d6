import {
  apiRoutes,
  isFileResponse,
  okEnvelope,
  successStatus,
  type ApiGroup,
  type RoutePayload,
  type RouteSpec,
} from '@glossa/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { z } from 'zod';
import type { WebSocket } from 'ws';
import {
  requireAdmin,
  requireAuth,
  requireSocketAuth,
  type AuthContext,
} from '../modules/auth/authenticate';
import { invalidInput } from '../errors';
import { ok } from './envelope';
import { authRateLimit } from './rate-limit';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler gets: the parsed inputs, and the signed-in user of a call that needs one. */
export interface RouteContext<R extends RouteSpec> {
  params: Parsed<R['params']>;
  query: Parsed<R['query']>;
  body: Parsed<R['body']>;
  auth: R['access'] extends 'public' ? undefined : AuthContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A handler returns the payload of the success envelope, or the reply it sent (a file). */
export type RouteHandler<R extends RouteSpec> = (
  context: RouteContext<R>,
) => Promise<RouteResult<R>> | RouteResult<R>;
type RouteResult<R extends RouteSpec> =
  RoutePayload<R> extends Blob ? FastifyReply : RoutePayload<R>;

const groups = new Map<RouteSpec, ApiGroup>(apiRoutes().map(({ group, spec }) => [spec, group]));

const accessHooks: Record<RouteSpec['access'], onRequestHookHandler | undefined> = {
  public: undefined,
  user: requireAuth,
  admin: requireAdmin,
};

/** Marks the routes registered from the table (the app refuses any other under /api). */
const tableRouteConfig = { fromRouteTable: true } as const;

/**
 * Registers one call of the route table: authentication from its access, rate and body limits,
 * the OpenAPI entry, input validation and the success envelope's schema all come from the entry;
 * the handler only calls the service.
 */
export function addRoute<R extends RouteSpec>(
  app: FastifyInstance,
  spec: R,
  handler: RouteHandler<R>,
  wsHandler?: (socket: WebSocket, request: FastifyRequest) => void,
): void {
  if (spec.websocket && !wsHandler) throw new Error(`${spec.path} needs its socket's handler`);
  const group = groups.get(spec);
  if (!group) throw new Error(`${spec.method} ${spec.path} is not in the route table`);
  const status = successStatus(spec);
  const response: Record<number, z.ZodType> = {};
  for (const [code, schema] of Object.entries(spec.responses)) {
    if (schema && !isFileResponse(schema)) response[Number(code)] = okEnvelope(schema);
  }
  const access = spec.websocket ? requireSocketAuth : accessHooks[spec.access];
  const onRequest = [
    // The study writes' limit is checked before the session (rate-limit.ts).
    ...(spec.rateLimit === 'study' ? [app.studyWriteLimit] : []),
    ...(access ? [access] : []),
  ];
  app.route({
    method: spec.method,
    url: spec.path,
    ...(onRequest.length > 0 ? { onRequest } : {}),
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    ...(wsHandler ? { wsHandler } : {}),
    config: {
      ...tableRouteConfig,
      ...(spec.websocket ? { websocket: true } : {}),
      ...(spec.rawBody ? { rawBody: true } : {}),
      ...(spec.rateLimit === 'auth' ? authRateLimit(app) : {}),
    },
    schema: {
      tags: [group],
      summary: spec.summary,
      ...(spec.access === 'public' ? {} : { security: [{ bearer: [] }] }),
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.query ? { querystring: spec.query } : {}),
      ...(spec.body ? { body: spec.body } : {}),
      ...(Object.keys(response).length ? { response } : {}),
    },
    handler: async (request, reply) => {
      if (spec.websocket) throw invalidInput('upgrade', 'Open this address as a websocket');
      void reply.status(status);
      const result = await handler({
        // Validated by the entry's schemas before the handler runs.
        params: request.params as Parsed<R['params']>,
        query: request.query as Parsed<R['query']>,
        body: request.body as Parsed<R['body']>,
        auth: request.auth as RouteContext<R>['auth'],
        request,
        reply,
      });
      return result === reply ? reply : ok(result);
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** `METHOD /path` of every API route registered, in order (the route table test reads it). */
    apiRoutes: string[];
  }
}

/**
 * Refuses, at start-up, any route under /api that does not come from the route table (the
 * OpenAPI explorer's own pages aside), and records those that do.
 */
export function guardApiRoutes(app: FastifyInstance): void {
  app.decorate('apiRoutes', []);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const fromTable = (route.config as { fromRouteTable?: boolean } | undefined)?.fromRouteTable;
    if (!fromTable) throw new Error(`${route.url} is not registered from the route table`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      if (method !== 'HEAD') app.apiRoutes.push(`${method} ${route.url}`);
  });
}
