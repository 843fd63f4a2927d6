import type { FastifyServerOptions } from 'fastify';
export interface LogStream {
  write(line: string): void;
}
import type { Config } from '../config';

/** Removes the value of any Authorization query parameter (the websocket's bearer). */
export function redactUrl(url: string): string {
  return url.replace(/([?&]authorization=)[^&#]*/gi, '$1[REDACTED]');
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
