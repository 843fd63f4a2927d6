import { randomUUID } from 'node:crypto';
import type { Feedback, FeedbackBody, FeedbackCreated } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import { insertFeedback, listFeedbackOfUser, type FeedbackRow } from './feedback.repository';

const toFeedback = (row: FeedbackRow): Feedback => ({
  id: row.id,
  kind: row.kind,
  message: row.message,
  page: row.page,
  status: row.status,
  createdAt: new Date(row.created_at).toISOString(),
});

/** POST /api/feedback: stored as `new` for the admins to read. */
export async function createFeedback(
  deps: AppDeps,
  userId: string,
  body: FeedbackBody,
): Promise<FeedbackCreated> {
  const id = randomUUID();
  const now = deps.now();
  await insertFeedback(deps.db, {
    id,
    user_id: userId,
    kind: body.kind,
    message: body.message,
    page: body.page,
    status: 'new',
    created_at: now,
    updated_at: now,
  });
  return { id };
}

/** The learner's own feedback, oldest first (for the account export). */
export async function listOwnFeedback(deps: AppDeps, userId: string): Promise<Feedback[]> {
  return (await listFeedbackOfUser(deps.db, userId)).map(toFeedback);
}
