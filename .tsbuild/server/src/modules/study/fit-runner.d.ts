import type { StudyFit } from '@glossa/contract';
import type { FitInput } from './fit-compute';
/** Runs one fit in a worker thread, at most `concurrency` at once. */
export declare function runFit(input: FitInput): Promise<StudyFit>;
