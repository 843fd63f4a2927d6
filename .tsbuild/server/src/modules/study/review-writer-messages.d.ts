import type { ReviewResult } from '@glossa/contract';
import type { Config } from '../../config';
import { AppError } from '../../errors';
export interface ReviewWriterData {
    database: Config['database'];
    lanes: number;
    maxBatch: number;
}
export type WriterAnswer = {
    id: number;
    result: ReviewResult;
} | {
    id: number;
    error: DescribedError;
};
type DescribedError = {
    app: true;
    code: AppError['code'];
    message: string;
    issues?: AppError['issues'];
} | {
    app: false;
    message: string;
    code?: string;
};
/** An error as plain data, to cross between threads. */
export declare function describeError(error: unknown): DescribedError;
export declare function rebuildError(described: DescribedError): Error;
/** Every answer carries the writer's commit counts as they were when it was sent. */
export type StatedAnswer = WriterAnswer & {
    stats: {
        commits: number;
        requests: number;
    };
};
export {};
