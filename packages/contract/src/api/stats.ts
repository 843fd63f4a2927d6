import { route } from '../route';
import {
  statsActivityQuerySchema,
  statsActivitySchema,
  statsCategoriesSchema,
  statsRetentionSchema,
} from '../statistics';

export const stats = {
  activity: route({
    method: 'GET',
    path: '/api/stats/activity',
    access: 'user',
    summary:
      'Answers and time spent per learner day (the heatmap), the current and best streak, and ' +
      'the days of the best combos',
    query: statsActivityQuerySchema,
    responses: { 200: statsActivitySchema },
  }),
  retention: route({
    method: 'GET',
    path: '/api/stats/retention',
    access: 'user',
    summary:
      'True retention: answers of due cards passed and failed per day, week and month, young ' +
      '(interval under 21 days) and mature apart',
    responses: { 200: statsRetentionSchema },
  }),
  categories: route({
    method: 'GET',
    path: '/api/stats/categories',
    access: 'user',
    summary: 'The learner’s own cards per category: new, learning and known',
    responses: { 200: statsCategoriesSchema },
  }),
};
