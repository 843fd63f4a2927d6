import type { ErrorEnvelope, Issue } from '@glossa/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors';

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
        payload: { message: error.message, ...(error.issues ? { issues: error.issues } : {}) },
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
          issues,
        },
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

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const { status, body, headers } = toEnvelope(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    if (headers) void reply.headers(headers);
    return reply.status(status).send(body);
  });
}
