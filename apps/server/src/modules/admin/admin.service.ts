import {
  adminActionSchema,
  liveEvent,
  type AdminAction,
  type AdminAuditEntry,
  type AdminAuditPage,
  type AdminFeedback,
  type AdminUser,
  type AdminUserListQuery,
  type AdminUserPage,
  type AdminUserSort,
} from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { timeOrderedId } from '../../db/time-ordered-id';
import { AppError, conflict, invalidInput } from '../../errors';
import {
  badCursor,
  encodeCursorJson,
  keysetPage,
  newestFirstCursor,
  readCursorJson,
  readNewestFirstCursor,
} from '../../http/page-cursor';
import { removeAccount } from '../account/account.service';
import type { AuthContext } from '../auth/authenticate';
import { endAllSessions } from '../auth/auth.service';
import { changeFeedbackStatus } from '../feedback/feedback.service';
import {
  adminTarget,
  countActiveAdmins,
  listAdminUserRows,
  lockOwner,
  setUserFlags,
  type AdminUserRow,
  type UserRow,
} from '../users/users.service';
import { resendVerificationFor } from '../verification/verification.service';
import { currentPlan, plansOf } from '../subscriptions/subscriptions.service';
import { insertAudit, listAudit, type AuditRow } from './admin.repository';

// The admin area (docs/decisions/0033-admin-and-plans.md): every action is checked and written
// with its audit entry in one transaction, under the row locks of the acting admin and the target
// (taken in id order), and its live consequences are published after the commit.

const iso = (ms: number) => new Date(ms).toISOString();

function toAdminUser(
  plans: Map<string, AdminUser['plan']>,
  row: UserRow,
  extra: { last_active_at: number | null; card_count: number },
): AdminUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    emailVerified: row.email_verified === 1,
    role: row.role,
    // A paying learner is premium too (decision 0034), not only a freeloaded one.
    plan: plans.get(row.id) ?? 'free',
    isFreeloaded: row.is_freeloaded === 1,
    disabled: row.disabled !== 0,
    createdAt: iso(Number(row.created_at)),
    lastActiveAt: extra.last_active_at === null ? null : iso(extra.last_active_at),
    cardCount: extra.card_count,
  };
}

const defaultOrder: Record<AdminUserSort, 'asc' | 'desc'> = {
  created: 'desc',
  username: 'asc',
  email: 'asc',
};

const sortValue = (row: AdminUserRow, sort: AdminUserSort) =>
  sort === 'created'
    ? Number(row.created_at)
    : sort === 'username'
      ? row.username_lower
      : row.email_lower;

/** GET /api/admin/users */
export async function listUsers(deps: AppDeps, query: AdminUserListQuery): Promise<AdminUserPage> {
  const order = query.order ?? defaultOrder[query.sort];
  const prefix = query.q ? query.q.normalize('NFC').toLowerCase() : '';
  let after: { value: string | number; id: string } | undefined;
  if (query.cursor) {
    const parsed = readCursorJson(query.cursor);
    if (!Array.isArray(parsed) || parsed.length !== 5) throw badCursor();
    const [sort, o, q, value, id] = parsed as unknown[];
    const valueOk =
      query.sort === 'created'
        ? typeof value === 'number' && Number.isSafeInteger(value)
        : typeof value === 'string';
    if (sort !== query.sort || o !== order || q !== prefix || typeof id !== 'string' || !valueOk) {
      throw badCursor();
    }
    after = { value: value as string | number, id };
  }
  const rows = await listAdminUserRows(deps, {
    sort: query.sort,
    order,
    ...(prefix ? { prefix } : {}),
    ...(after ? { after } : {}),
    limit: query.limit + 1,
  });
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  const plans = await plansOf(deps, deps.db, items);
  return {
    items: items.map((row) => toAdminUser(plans, row, row)),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursorJson([query.sort, order, prefix, sortValue(last, query.sort), last.id])
        : null,
  };
}

/** One user as the list shows them (after an action). */
async function readAdminUser(deps: AppDeps, user: UserRow): Promise<AdminUser> {
  const [row] = await listAdminUserRows(deps, {
    sort: 'username',
    order: 'asc',
    id: user.id,
    limit: 1,
  });
  const plans = await plansOf(deps, deps.db, [user]);
  return toAdminUser(plans, user, row ?? { last_active_at: null, card_count: 0 });
}

interface Audit {
  action: AdminAction;
  target: { id: string; username: string };
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

async function writeAudit(trx: Db, actor: UserRow, audit: Audit, now: number): Promise<void> {
  await insertAudit(trx, {
    id: timeOrderedId(now),
    actor_id: actor.id,
    actor_username: actor.username,
    action: audit.action,
    target_id: audit.target.id,
    target_username: audit.target.username,
    before: JSON.stringify(audit.before),
    after: JSON.stringify(audit.after),
    created_at: now,
  });
}

/**
 * Runs an action on a user: in one transaction, the actor's and the target's rows locked in id
 * order (so two admins acting on each other wait for one another), the actor still an active
 * admin, the target read; `act` changes it and says what to audit.
 */
async function onUser(
  deps: AppDeps,
  auth: AuthContext,
  targetId: string,
  act: (trx: Db, actor: UserRow, target: UserRow, now: number) => Promise<Audit | null>,
): Promise<UserRow> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    for (const id of [auth.userId, targetId].sort()) {
      if (id === auth.userId) await lockOwner(trx, id);
      else await adminTarget(trx, id).then(() => lockOwner(trx, id));
    }
    const actor = await adminTarget(trx, auth.userId);
    if (actor.role !== 'admin' || actor.disabled !== 0) {
      throw new AppError('forbidden', 'Only administrators may do this');
    }
    const target = await adminTarget(trx, targetId);
    const audit = await act(trx, actor, target, now);
    if (audit) await writeAudit(trx, actor, audit, now);
    return adminTarget(trx, targetId);
  });
}

// Whole sentences, so that each has its translation (http/error-catalog.ts).
const notYourself = (action: 'role' | 'disable' | 'delete') =>
  new AppError(
    'forbidden',
    {
      role: 'You cannot change the role of your own account: ask another admin',
      disable: 'You cannot disable your own account: ask another admin',
      delete: 'You cannot delete your own account: ask another admin',
    }[action],
  );

/**
 * Removing an active admin (demoted, disabled, deleted) must leave one: the acting admin is one
 * and is never the target, so this holds already; checked anyway, as the command line may demote.
 */
async function keepAnAdmin(trx: Db, target: UserRow): Promise<void> {
  if (target.role !== 'admin' || target.disabled !== 0) return;
  if ((await countActiveAdmins(trx)) <= 1) {
    throw conflict('id', 'This is the last admin: make another admin first');
  }
}

const userRef = (user: UserRow) => ({ id: user.id, username: user.username });

/** POST /api/admin/users/:id/freeloaded: the learner's plan changes live (`plan.changed`). */
export async function setFreeloaded(
  deps: AppDeps,
  auth: AuthContext,
  userId: string,
  isFreeloaded: boolean,
): Promise<AdminUser> {
  const value = isFreeloaded ? 1 : 0;
  let changed = false;
  const user = await onUser(deps, auth, userId, async (trx, _actor, target, now) => {
    if (target.is_freeloaded === value) return null;
    changed = true;
    await setUserFlags(trx, target.id, { is_freeloaded: value }, now);
    return {
      action: 'user.freeloaded',
      target: userRef(target),
      before: { isFreeloaded: target.is_freeloaded === 1 },
      after: { isFreeloaded },
    };
  });
  if (changed) {
    const plan = await currentPlan(deps, deps.db, userId);
    deps.live.publish(liveEvent('plan.changed', { plan }), {
      kind: 'user',
      userId,
    });
  }
  return readAdminUser(deps, user);
}

/** POST /api/admin/users/:id/role: never one's own, never the last admin. */
export async function setRole(
  deps: AppDeps,
  auth: AuthContext,
  userId: string,
  role: 'user' | 'admin',
): Promise<AdminUser> {
  if (userId === auth.userId) throw notYourself('role');
  const user = await onUser(deps, auth, userId, async (trx, _actor, target, now) => {
    if (target.role === role) return null;
    if (role === 'user') await keepAnAdmin(trx, target);
    await setUserFlags(trx, target.id, { role }, now);
    return {
      action: 'user.role',
      target: userRef(target),
      before: { role: target.role },
      after: { role },
    };
  });
  // Their sockets' audiences (admins' events) are decided on delivery: nothing to close.
  return readAdminUser(deps, user);
}

/**
 * POST /api/admin/users/:id/disabled: disabling ends every session in the same transaction and,
 * once committed, every socket of theirs on every instance (the live module's re-check sends
 * `account.signedOut` with reason `disabled` and closes it); sign-in then answers
 * `account_disabled`.
 */
export async function setDisabled(
  deps: AppDeps,
  auth: AuthContext,
  userId: string,
  disabled: boolean,
): Promise<AdminUser> {
  if (userId === auth.userId) throw notYourself('disable');
  const value = disabled ? 1 : 0;
  const user = await onUser(deps, auth, userId, async (trx, _actor, target, now) => {
    if (target.disabled === value) return null;
    if (disabled) await keepAnAdmin(trx, target);
    // Enabling ends them too: a sign-in that raced the disabling (its password checked before,
    // its session written after) must not come back to life.
    await endAllSessions(trx, target.id, now);
    await setUserFlags(trx, target.id, { disabled: value }, now);
    return {
      action: 'user.disabled',
      target: userRef(target),
      before: { disabled: target.disabled !== 0 },
      after: { disabled },
    };
  });
  if (disabled) deps.live.sessionsChanged(userId);
  return readAdminUser(deps, user);
}

/** POST /api/admin/users/:id/resend-verification */
export async function resendVerification(
  deps: AppDeps,
  auth: AuthContext,
  userId: string,
): Promise<null> {
  await resendVerificationFor(deps, userId);
  await onUser(deps, auth, userId, async (_trx, _actor, target) => ({
    action: 'user.verification_resent',
    target: userRef(target),
    before: {},
    after: { email: target.email },
  }));
  return null;
}

/**
 * POST /api/admin/users/:id/delete: the body repeats the username exactly (400 naming username
 * otherwise); never one's own account, never the last admin. The audit entry is written with the
 * row's removal and stays.
 */
export async function deleteUser(
  deps: AppDeps,
  auth: AuthContext,
  userId: string,
  username: string,
): Promise<null> {
  if (userId === auth.userId) throw notYourself('delete');
  // Checked first, outside the removal's steps: a refused deletion removes nothing.
  await onUser(deps, auth, userId, async (trx, _actor, target) => {
    if (target.username !== username) {
      throw invalidInput('username', `Type the username exactly as shown: ${target.username}`);
    }
    await keepAnAdmin(trx, target);
    return null;
  });
  await removeAccount(deps, userId, async (trx) => {
    const actor = await adminTarget(trx, auth.userId);
    const target = await adminTarget(trx, userId);
    await writeAudit(
      trx,
      actor,
      {
        action: 'user.deleted',
        target: userRef(target),
        before: {
          username: target.username,
          email: target.email,
          role: target.role,
          createdAt: iso(Number(target.created_at)),
        },
        after: {},
      },
      deps.now(),
    );
  });
  return null;
}

/** POST /api/admin/feedback/:id/status */
export async function setFeedbackStatus(
  deps: AppDeps,
  auth: AuthContext,
  feedbackId: string,
  status: AdminFeedback['status'],
): Promise<AdminFeedback> {
  const now = deps.now();
  const { before, after } = await deps.db.transaction().execute(async (trx) => {
    const actor = await adminTarget(trx, auth.userId);
    const change = await changeFeedbackStatus(trx, feedbackId, status, now);
    const { before, after } = change;
    if (before.status !== after.status) {
      await writeAudit(
        trx,
        actor,
        {
          action: 'feedback.status',
          target: { id: feedbackId, username: '' },
          before: { status: before.status },
          after: { status: after.status },
        },
        now,
      );
    }
    return change;
  });
  // The other admins' lists and counts of new items follow.
  if (before.status !== after.status) {
    deps.live.publish(liveEvent('feedback.changed', { id: feedbackId, status: after.status }), {
      kind: 'admins',
    });
  }
  return after;
}

function toAuditEntry(row: AuditRow): AdminAuditEntry {
  const parse = (text: string): Record<string, unknown> => {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  };
  return {
    id: row.id,
    at: iso(row.created_at),
    actor: { id: row.actor_id, username: row.actor_username },
    action: adminActionSchema.parse(row.action),
    target: { id: row.target_id, username: row.target_username },
    before: parse(row.before),
    after: parse(row.after),
  };
}

/** GET /api/admin/audit: newest first. */
export async function listAuditLog(
  deps: AppDeps,
  query: { cursor?: string | undefined; limit: number },
): Promise<AdminAuditPage> {
  const rows = await listAudit(deps.db, {
    ...(query.cursor ? { after: readNewestFirstCursor('audit', query.cursor) } : {}),
    limit: query.limit + 1,
  });
  return keysetPage(rows, query.limit, toAuditEntry, (last) => newestFirstCursor('audit', last));
}
