import type { ErrorEnvelope } from '@glossa/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../errors';
/** Turns every failure into the envelope with a code of the closed list; 5xx details are hidden. */
export declare function toEnvelope(error: FastifyError | AppError): {
    status: number;
    body: ErrorEnvelope;
    headers?: Record<string, string>;
};
export declare function registerErrorHandling(app: FastifyInstance): void;
