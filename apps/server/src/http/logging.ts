import {
  LogController,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { Config } from '../config';

export interface LogStream {
  write(line: string): void;
}

/**
 * Removes the value of every query parameter that carries a credential: the websocket's bearer
 * (Authorization) and a mailed link's one-time token (`/app/reset-password?token=…`, whose page
 * the server itself serves, so the request log would otherwise keep a working reset link).
 */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:authorization|token)=)[^&#]*/gi, '$1[REDACTED]');
}

export function loggerOptions(
  level: Config['logLevel'],
  stream?: LogStream,
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers.authorization', 'req.query.Authorization', 'headers.authorization'],
      censor: '[REDACTED]',
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string }) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
    },
  };
}

/**
 * Fastify's lines about each request, at debug instead of info: at the default level (info) the
 * log keeps what a person reads it for (start-up, mail links in outbox mode, warnings, errors)
 * instead of burying them under two JSON lines per request. A request that ended in an error is
 * still logged at error, and the other lines of the controller keep their levels.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug(`Route ${request.raw.method}:${redactUrl(request.raw.url ?? '')} not found`);
  }
}
