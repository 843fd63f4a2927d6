import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { errorStatus, type ErrorEnvelope, type Issue } from '@glossa/contract';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConstraintViolation, isDuplicateViolation, isForeignKeyViolation } from '../db/errors';
import { AppError, invalidInput } from '../errors';
import { requestLocale, translateEnvelope } from './error-messages';
import { issueList } from './issue-list';

function validationIssues(
  validation: {
    keyword?: string;
    instancePath: string;
    message?: string;
    params?: Record<string, unknown>;
  }[],
  context: string | undefined,
): Issue[] {
  return validation.flatMap(({ keyword, instancePath, message, params }) => {
    const base = instancePath.replace(/^\//, '').replace(/\//g, '.');
    // fastify-type-provider-zod puts the zod issue's code in `keyword` and its fields in `params`.
    const keys = params?.['keys'];
    if (keyword === 'unrecognized_keys' && Array.isArray(keys)) {
      return keys.map((key) => ({
        path: [base, String(key)].filter(Boolean).join('.'),
        message: `Unknown field ${String(key)}`,
      }));
    }
    return [{ path: base || context || 'body', message: message ?? 'Invalid value' }];
  });
}

/** What the log says of a constraint violation that no service mapped (the safety net). */
export const unmappedConstraintMessage = 'a constraint violation reached the error handler';

/** Turns every failure into the envelope with a code of the closed list; 5xx details are hidden. */
export function toEnvelope(error: FastifyError | AppError): {
  status: number;
  body: ErrorEnvelope;
  headers?: Record<string, string>;
} {
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      body: {
        code: error.code,
        payload: { message: error.message, ...(error.issues ? issueList(error.issues) : {}) },
      },
      ...(error.headers ? { headers: error.headers } : {}),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = validationIssues(error.validation, error.validationContext);
    const first = issues[0];
    return {
      status: 400,
      body: {
        code: 'invalid_input',
        payload: {
          message: first ? `${first.path}: ${first.message}` : 'Invalid input',
          ...issueList(issues),
        },
      },
    };
  }
  // The safety net under the services, which map each constraint where it can be refused
  // (docs/decisions/0015-concurrent-writes.md): a write that lost a race is the client's 409 or
  // 404, never a 500. sendEnvelope still logs it as an error, to be mapped at its root.
  if (isDuplicateViolation(error)) {
    return {
      status: 409,
      body: {
        code: 'conflict',
        payload: { message: 'This exists already: another request made it at the same time' },
      },
    };
  }
  if (isForeignKeyViolation(error)) {
    return {
      status: 404,
      body: {
        code: 'not_found',
        payload: { message: 'What this refers to was deleted at the same time' },
      },
    };
  }
  const status = error.statusCode ?? 500;
  if (status === 413) {
    return {
      status,
      body: { code: 'payload_too_large', payload: { message: 'The request body is too large' } },
    };
  }
  if (status === 404) {
    return { status, body: { code: 'not_found', payload: { message: 'Not found' } } };
  }
  if (status === 415) {
    return {
      status: 400,
      body: {
        code: 'invalid_input',
        payload: {
          message: 'Send the body as application/json',
          issues: [{ path: 'content-type', message: 'Send the body as application/json' }],
        },
      },
    };
  }
  if (status >= 400 && status < 500) {
    return {
      status: 400,
      body: {
        code: 'invalid_input',
        payload: {
          message:
            error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
            error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? 'The body is not valid JSON'
              : 'Invalid request',
          issues: [{ path: 'body', message: error.message }],
        },
      },
    };
  }
  return {
    status: 500,
    body: { code: 'internal_error', payload: { message: 'Something went wrong on our side' } },
  };
}

/** The envelope in the caller's language (decision 0037; error-messages.ts). */
function sendEnvelope(
  error: FastifyError | AppError,
  reply: FastifyReply,
  request?: FastifyRequest,
): FastifyReply {
  const { status, body, headers } = toEnvelope(error);
  const locale = requestLocale(request);
  if (status >= 500) reply.log.error({ err: error }, 'request failed');
  else if (isConstraintViolation(error)) {
    reply.log.error({ err: error }, unmappedConstraintMessage);
  }
  if (headers) void reply.headers(headers);
  void reply.header('Content-Language', locale);
  return reply.status(status).send(translateEnvelope(body, locale));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) =>
    sendEnvelope(error, reply, request),
  );
  // HTTP/1.1 requires the Host header (RFC 9112 §3.2). Node would refuse a request without it on
  // its own, with an empty 400 (app.ts turns that off): refused here, with the envelope.
  app.addHook('onRequest', async (request) => {
    if (request.raw.httpVersion === '1.1' && !request.headers.host) {
      throw invalidInput('host', 'An HTTP/1.1 request must send the Host header');
    }
  });
}

/**
 * The failures Fastify's router meets before any route or hook runs (a `%` escape that does not
 * decode, a path parameter longer than the router takes), answered with the envelope instead of
 * Fastify's own shape.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error,
  request,
  reply,
) => {
  const known: Record<string, AppError> = {
    FST_ERR_BAD_URL: invalidInput('url', 'The address holds a % escape that is not valid'),
    FST_ERR_MAX_PARAM_LENGTH: invalidInput('url', 'A part of the address is too long'),
  };
  void sendEnvelope(known[error.code] ?? error, reply, request);
};

/**
 * Node's refusals by their error code; anything else it refuses is not valid HTTP. Each answers
 * its code's own status, as every answer does (docs/design.md §5): headers too large are a request too
 * large (413, where Node says 431), and a request too slow to arrive is a bad one (400, where Node
 * says 408).
 */
const clientErrors: Record<string, ErrorEnvelope> = {
  HPE_HEADER_OVERFLOW: {
    code: 'payload_too_large',
    payload: { message: 'The request headers are too large' },
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    code: 'invalid_input',
    payload: { message: 'The request took too long to arrive' },
  },
};
const notHttp: ErrorEnvelope = {
  code: 'invalid_input',
  payload: { message: 'The request is not valid HTTP' },
};

/**
 * What Node's HTTP parser refuses before Fastify sees a request (headers too large, a request
 * that is not HTTP, one too slow to arrive) is answered with the envelope, then the connection is
 * closed, as Node and Fastify do.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const body = clientErrors[error.code ?? ''] ?? notHttp;
  const status = errorStatus[body.code];
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        'X-Content-Type-Options: nosniff\r\n' +
        `Content-Length: ${Buffer.byteLength(text)}\r\n` +
        'Connection: close\r\n\r\n' +
        text,
    );
  }
  socket.destroy(error);
}
