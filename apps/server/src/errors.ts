import { errorStatus, type ErrorCode, type Issue } from '@glossa/contract';

/** The one error type services throw; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: Issue[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = errorStatus[code];
  }
}

export const invalidInput = (path: string, message: string) =>
  new AppError('invalid_input', message, [{ path, message }]);

export const conflict = (path: string, message: string) =>
  new AppError('conflict', message, [{ path, message }]);

export const notFound = (what = 'Not found') => new AppError('not_found', what);
