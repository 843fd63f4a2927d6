import { type StudyQueue, type StudyQueueQuery } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
/**
 * GET /api/study/queue: the due cards (most overdue first), then new cards (oldest first, at most
 * defaultNewCardsPerDay first-time cards per category and UTC day), of the learner's own cards and
 * of the categories they are a member of; or only of one category and its sub-categories.
 */
export declare function getQueue(deps: AppDeps, userId: string, query: StudyQueueQuery): Promise<StudyQueue>;
