import { type ErrorCode, type Issue } from '@glossa/contract';
/** The one error type services throw; the error handler turns it into the envelope. */
export declare class AppError extends Error {
    readonly code: ErrorCode;
    readonly issues?: Issue[] | undefined;
    readonly headers?: Record<string, string> | undefined;
    readonly statusCode: number;
    constructor(code: ErrorCode, message: string, issues?: Issue[] | undefined, headers?: Record<string, string> | undefined);
}
export declare const invalidInput: (path: string, message: string) => AppError;
export declare const conflict: (path: string, message: string) => AppError;
export declare const notFound: (what?: string) => AppError;
