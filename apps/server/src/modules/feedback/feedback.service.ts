import { randomUUID } from 'node:crypto';
import {
  liveEvent,
  ownerLimits,
  type Feedback,
  type FeedbackBody,
  type AdminFeedback,
  type AdminFeedbackListQuery,
  type AdminFeedbackPage,
  type FeedbackCreated,
} from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../errors';
import { lockOwner } from '../users/users.service';
import type { Db } from '../../db/database';
import { keysetPage, newestFirstCursor, readNewestFirstCursor } from '../../http/page-cursor';
import { notFound } from '../../errors';
import {
  countFeedbackSince,
  countFeedbackWithStatus,
  findFeedbackWithSender,
  insertFeedback,
  listFeedbackForAdmins,
  listFeedbackOfUser,
  updateFeedbackStatus,
  type FeedbackRow,
  type FeedbackWithSender,
} from './feedback.repository';

const DAY_MS = 86_400_000;

const toFeedback = (row: FeedbackRow): Feedback => ({
  id: row.id,
  kind: row.kind,
  message: row.message,
  page: row.page,
  status: row.status,
  createdAt: new Date(row.created_at).toISOString(),
});

/**
 * POST /api/feedback: stored as `new` for the admins to read; at most feedbackPerDayMax messages
 * per learner in any 24 hours (429 with the seconds until the oldest of them leaves the window),
 * counted under the learner's lock so that concurrent messages cannot pass it.
 */
export async function createFeedback(
  deps: AppDeps,
  userId: string,
  body: FeedbackBody,
): Promise<FeedbackCreated> {
  return storeFeedback(deps, userId, body);
}

/**
 * A report of something a learner found (a public deck, from explore): it lands in the admins'
 * feedback queue as kind `report`, with the link to what it is about as its page, and counts
 * against the same daily limit as the learner's other messages.
 */
export async function reportToAdmins(
  deps: AppDeps,
  userId: string,
  report: { message: string; page: string },
): Promise<FeedbackCreated> {
  return storeFeedback(deps, userId, { kind: 'report', ...report });
}

async function storeFeedback(
  deps: AppDeps,
  userId: string,
  body: { kind: FeedbackRow['kind']; message: string; page: string },
): Promise<FeedbackCreated> {
  const id = randomUUID();
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await lockOwner(trx, userId);
    const sent = await countFeedbackSince(trx, userId, now - DAY_MS);
    if (sent.count >= ownerLimits.feedbackPerDayMax) {
      const retryAfter = Math.max(1, Math.ceil(((sent.oldest ?? now) + DAY_MS - now) / 1000));
      throw new AppError(
        'rate_limited',
        `You can send at most ${ownerLimits.feedbackPerDayMax} messages a day: try again later`,
        undefined,
        { 'retry-after': String(retryAfter) },
      );
    }
    await insertFeedback(trx, {
      id,
      user_id: userId,
      kind: body.kind,
      message: body.message,
      page: body.page,
      status: 'new',
      created_at: now,
      updated_at: now,
    });
  });
  deps.live.publish(liveEvent('feedback.created', { id }), { kind: 'admins' });
  return { id };
}

/** The learner's own feedback, oldest first (for the account export). */
export async function listOwnFeedback(deps: AppDeps, userId: string): Promise<Feedback[]> {
  return (await listFeedbackOfUser(deps.db, userId)).map(toFeedback);
}

const toAdminFeedback = (row: FeedbackWithSender): AdminFeedback => ({
  ...toFeedback(row),
  sender: { id: row.user_id, username: row.username, email: row.email },
});

/** GET /api/admin/feedback: every learner's feedback and reports, newest first. */
export async function listFeedbackPage(
  deps: AppDeps,
  query: AdminFeedbackListQuery,
): Promise<AdminFeedbackPage> {
  const rows = await listFeedbackForAdmins(deps.db, {
    ...(query.status ? { status: query.status } : {}),
    ...(query.kind ? { kind: query.kind } : {}),
    ...(query.cursor ? { after: readNewestFirstCursor('feedback', query.cursor) } : {}),
    limit: query.limit + 1,
  });
  return keysetPage(rows, query.limit, toAdminFeedback, (last) =>
    newestFirstCursor('feedback', last),
  );
}

/** GET /api/admin/feedback/count */
export async function countNewFeedback(deps: AppDeps): Promise<{ new: number }> {
  return { new: await countFeedbackWithStatus(deps.db, 'new') };
}

/**
 * A feedback item's new status, on the caller's transaction: the item before and after (404 when
 * it does not exist).
 */
export async function changeFeedbackStatus(
  db: Db,
  id: string,
  status: FeedbackRow['status'],
  now: number,
): Promise<{ before: AdminFeedback; after: AdminFeedback }> {
  const row = await findFeedbackWithSender(db, id);
  if (!row) throw notFound('This feedback does not exist');
  if (row.status !== status) await updateFeedbackStatus(db, id, status, now);
  const before = toAdminFeedback(row);
  return { before, after: { ...before, status } };
}
