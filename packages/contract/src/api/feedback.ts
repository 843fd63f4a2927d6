import { feedbackBodySchema } from '../feedback';
import { feedbackCreatedSchema } from '../feedback-created';
import { route } from '../route';

export const feedback = {
  create: route({
    method: 'POST',
    path: '/api/feedback',
    access: 'user',
    rateLimit: 'auth',
    summary: 'Send feedback (bug, idea, other) to the admins',
    body: feedbackBodySchema,
    responses: { 201: feedbackCreatedSchema },
  }),
};
