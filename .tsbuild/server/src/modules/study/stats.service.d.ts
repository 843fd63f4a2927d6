import { type CardSchedule, type CardScheduleQuery, type StudySummary, type StudySummaryQuery } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
/**
 * GET /api/study/summary: today's figures and the forecast, in UTC days like the queue's daily
 * new cards, over the cards the queue studies. Each figure is an indexed query (the new cards a
 * bounded scan per category); nothing loops over the learner's cards.
 */
export declare function getStudySummary(deps: AppDeps, userId: string, query: StudySummaryQuery): Promise<StudySummary>;
/**
 * GET /api/cards/{id}/schedule: the caller's own schedule of a card they may see (404 otherwise),
 * the recall the memory model predicts now, and their newest log rows on it.
 */
export declare function getCardSchedule(deps: AppDeps, userId: string, cardId: string, query: CardScheduleQuery): Promise<CardSchedule>;
