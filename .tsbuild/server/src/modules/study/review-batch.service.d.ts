import type { ReviewResult } from '@glossa/contract';
import type { DatabaseKind } from '../../db/database';
import type { BatchWork } from '../../db/group-commit';
import { type ReviewJob } from './review-batch-state';
/**
 * The reviews of one group commit, in arrival order: a few reads for all of them (the daily load
 * of every reflow window included), the engine for each, a few writes for all of them. A review
 * refused (404, 409, 401) writes nothing.
 */
export declare const reviewBatchFor: (kind: DatabaseKind) => BatchWork<ReviewJob, ReviewResult>;
