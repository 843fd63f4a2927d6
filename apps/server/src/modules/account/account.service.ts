import type { AccountExport } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import { invalidInput } from '../../errors';
import { verifyPassword } from '../../security/passwords';
import { listSessions } from '../auth/sessions.repository';
import { exportOwnCards } from '../cards/cards.service';
import { exportOwnCategories } from '../categories/members.service';
import { listOwnFeedback } from '../feedback/feedback.service';
import { exportStudy } from '../study/study.service';
import { deleteUser } from '../users/users.repository';
import { requireUser, toUserInfo } from '../users/users.service';

/**
 * POST /api/user/delete: the password proves it is the learner; cascades remove what they own
 * (sessions, tokens, feedback, cards, categories and their memberships, memberships of theirs,
 * study progress, review log and combo).
 */
export async function deleteAccount(
  deps: AppDeps,
  userId: string,
  currentPassword: string,
): Promise<void> {
  const user = await requireUser(deps.db, userId);
  if (!(await verifyPassword(user.password_hash, currentPassword))) {
    throw invalidInput('currentPassword', 'The current password is not correct');
  }
  await deleteUser(deps.db, user.id);
}

const iso = (ms: number) => new Date(ms).toISOString();

/** GET /api/user/export: everything the learner owns, never another learner's data. */
export async function exportAccount(deps: AppDeps, userId: string): Promise<AccountExport> {
  const user = await requireUser(deps.db, userId);
  const now = deps.now();
  const sessions = await listSessions(deps.db, user.id, { activeAt: now });
  return {
    format: 'glossa-export',
    version: 1,
    exportedAt: iso(now),
    user: {
      ...toUserInfo(user),
      emailVerified: user.email_verified === 1,
      role: user.role,
      createdAt: iso(user.created_at),
    },
    sessions: sessions.map((session) => ({
      tokenId: session.token_id,
      createdAt: iso(session.created_at),
      lastUsedAt: iso(session.last_used_at),
      expiresAt: iso(session.expires_at),
      userAgent: session.user_agent,
    })),
    feedback: await listOwnFeedback(deps, user.id),
    categories: await exportOwnCategories(deps, user.id),
    cards: await exportOwnCards(deps, user.id),
    ...(await exportStudy(deps, user.id)),
  };
}

/** The file name offered by the browser's download: glossa-export-YYYY-MM-DD.json (UTC). */
export function exportFileName(now: number): string {
  return `glossa-export-${iso(now).slice(0, 10)}.json`;
}
