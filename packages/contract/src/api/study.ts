import { cardIdParamsSchema } from '../cards';
import { emptyBodySchema } from '../empty-body';
import { route } from '../route';
import { gradeSettingsSchema } from '../scheduler-settings';
import {
  comboSchema,
  overrideBodySchema,
  reviewBodySchema,
  reviewIdParamsSchema,
  reviewResultSchema,
  studyQueueQuerySchema,
  studyQueueSchema,
  undoResultSchema,
} from '../study';
import { studyFitProgressSchema, studyFitSchema } from '../study-fit';
import { editStudySettingsBodySchema, studySettingsSchema } from '../study-settings';
import {
  cardScheduleQuerySchema,
  cardScheduleSchema,
  studySummaryQuerySchema,
  studySummarySchema,
} from '../study-stats';

export const study = {
  queue: route({
    method: 'GET',
    path: '/api/study/queue',
    access: 'user',
    summary: 'What to study next: due cards (most overdue first), then new cards',
    query: studyQueueQuerySchema,
    responses: { 200: studyQueueSchema },
  }),
  review: route({
    method: 'POST',
    path: '/api/study/reviews',
    access: 'user',
    summary: 'Answer one card; the same clientReviewId again answers the same result',
    rateLimit: 'study',
    body: reviewBodySchema,
    responses: { 200: reviewResultSchema },
  }),
  override: route({
    method: 'POST',
    path: '/api/study/reviews/:clientReviewId/override',
    access: 'user',
    summary:
      '"I was right": the latest failed review of a card counts as a success (close), or, ' +
      'with a grade, the latest review of a card gets that grade; rescheduled from before it',
    rateLimit: 'study',
    params: reviewIdParamsSchema,
    body: overrideBodySchema,
    responses: { 200: reviewResultSchema },
  }),
  undo: route({
    method: 'POST',
    path: '/api/study/reviews/:clientReviewId/undo',
    access: 'user',
    summary: 'Undo the latest review of a card: its schedule and the combo as before',
    rateLimit: 'study',
    params: reviewIdParamsSchema,
    responses: { 200: undoResultSchema },
  }),
  combo: route({
    method: 'GET',
    path: '/api/study/combo',
    access: 'user',
    summary: 'The learner’s current and best combo of consecutive successes',
    responses: { 200: comboSchema },
  }),
  summary: route({
    method: 'GET',
    path: '/api/study/summary',
    access: 'user',
    summary:
      'Today’s figures (due, new, answered, combo) and the due forecast, in the learner’s days',
    query: studySummaryQuerySchema,
    responses: { 200: studySummarySchema },
  }),
  cardSchedule: route({
    method: 'GET',
    path: '/api/cards/:id/schedule',
    access: 'user',
    summary: 'The caller’s schedule of one card, its predicted recall and its review history',
    params: cardIdParamsSchema,
    query: cardScheduleQuerySchema,
    responses: { 200: cardScheduleSchema },
  }),
  settings: route({
    method: 'GET',
    path: '/api/study/settings',
    access: 'user',
    summary: 'The learner’s daily limits (new cards, reviews) and when their day starts',
    responses: { 200: studySettingsSchema },
  }),
  editSettings: route({
    method: 'POST',
    path: '/api/study/settings',
    access: 'user',
    summary: 'Change any of the learner’s daily limits, day-start hour and time zone',
    body: editStudySettingsBodySchema,
    responses: { 200: studySettingsSchema },
  }),
  scheduler: route({
    method: 'GET',
    path: '/api/study/scheduler',
    access: 'user',
    summary:
      'The seven numbers version 2 of the memory model adds (start heights per grade, close and ' +
      'quick gain factors, first-miss difficulty), beside the fourteen of UserInfo',
    responses: { 200: gradeSettingsSchema },
  }),
  editScheduler: route({
    method: 'PUT',
    path: '/api/study/scheduler',
    access: 'user',
    summary: 'Set all seven of the learner’s version-2 numbers, each within its bounds',
    body: gradeSettingsSchema,
    responses: { 200: gradeSettingsSchema },
  }),
  fit: route({
    method: 'POST',
    path: '/api/study/fit',
    access: 'user',
    summary:
      'Fit the seventeen memory numbers to the learner’s own log: log loss before and after, ' +
      'and the proposed numbers (applied through POST /api/user/edit and PUT /api/study/scheduler)',
    body: emptyBodySchema,
    responses: { 200: studyFitSchema },
  }),
  fitProgress: route({
    method: 'GET',
    path: '/api/study/fit/progress',
    access: 'user',
    summary: 'How the learner’s running fit stands: evaluations of the log so far',
    responses: { 200: studyFitProgressSchema },
  }),
};
