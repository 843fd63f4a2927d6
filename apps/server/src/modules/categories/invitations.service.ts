import { randomUUID } from 'node:crypto';
import {
  liveEvent,
  invitationLimits,
  ownerLimits,
  type Invitation,
  type InviteMemberBody,
} from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import { AppError, conflict, notFound } from '../../errors';
import { invitationMail } from '../../mail/templates';
import { takeAllowance } from '../rate-limits/rate-limits.service';
import { emailAddressKey, findUser, lockOwner, userLocale } from '../users/users.service';
import { countCardsByCategory, findMember, insertMember } from './categories.repository';
import { requireOwnedCategory } from './category-access';
import { publishMembership } from './members.service';
import { openSubtrees } from './open-subtrees';
import {
  answerPending,
  countSeats,
  findInvitation,
  findPendingInvitation,
  holdCategory,
  insertInvitation,
  listPendingOfCategory,
  listPendingOfInvitee,
  listSentSince,
  pruneAnswered,
  type InvitationRow,
} from './invitations.repository';

// Nobody becomes a member without accepting: the owner invites, the invitee accepts or declines
// (docs/decisions/0016-invitations.md).

const dayMs = 24 * 60 * 60 * 1000;

const invitationNotFound = () => notFound('Invitation not found');

/**
 * The cards each invited category opens to a member: its own and those of its sub-categories
 * that no private category (itself included) hides, as resolveAccess walks them.
 */
async function openedCardCounts(db: Db, rows: InvitationRow[]): Promise<Map<string, number>> {
  const roots = rows.flatMap((row) =>
    row.category_id && row.category_path
      ? [{ id: row.category_id, ownerId: row.owner_id, path: row.category_path }]
      : [],
  );
  const opened = new Map(
    [...(await openSubtrees(db, roots))].map(([id, categories]) => [
      id,
      categories.map((category) => category.id),
    ]),
  );
  const cards = await countCardsByCategory(db, [...new Set([...opened.values()].flat())]);
  return new Map(
    [...opened].map(([id, ids]) => [id, ids.reduce((sum, c) => sum + (cards.get(c) ?? 0), 0)]),
  );
}

async function toInvitations(db: Db, rows: InvitationRow[]): Promise<Invitation[]> {
  const cardCounts = await openedCardCounts(db, rows);
  return rows.map((row) => ({
    id: row.id,
    category: { id: row.category_id ?? '', name: row.category_name ?? '' },
    owner: { id: row.owner_id, username: row.owner_username },
    invitee: { id: row.invitee_id, username: row.invitee_username },
    role: row.role,
    status: row.status,
    cardCount: row.category_id ? (cardCounts.get(row.category_id) ?? 0) : 0,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

async function toInvitation(db: Db, row: InvitationRow): Promise<Invitation> {
  const [invitation] = await toInvitations(db, [row]);
  if (!invitation) throw new Error('an invitation was lost while being read');
  return invitation;
}

/**
 * Refuses (429 with Retry-After) an owner who sent the day's invitations already: the rolling
 * window opens again when the oldest of them turns 24 hours old.
 */
async function assertInvitationsLeftToday(db: Db, ownerId: string, now: number): Promise<void> {
  const sent = await listSentSince(db, ownerId, now - dayMs);
  const max = ownerLimits.invitationsPerDayMax;
  if (sent.length < max) return;
  const reopensAt = (sent[sent.length - max] ?? now) + dayMs;
  const seconds = Math.max(1, Math.ceil((reopensAt - now) / 1000));
  throw new AppError(
    'rate_limited',
    `You can send at most ${max} invitations in 24 hours: try again in ${Math.ceil(seconds / 60)} minutes`,
    undefined,
    { 'retry-after': String(seconds) },
  );
}

/** Refuses (409 naming `members`) a category whose members and pending invitations are full. */
async function assertSeatLeft(db: Db, categoryId: string): Promise<void> {
  const max = ownerLimits.membersPerCategoryMax;
  if ((await countSeats(db, categoryId)) >= max) {
    throw conflict(
      'members',
      `A category can have at most ${max} members, waiting invitations included: remove a member or cancel an invitation first`,
    );
  }
}

const alreadyInvited = () => conflict('username', 'This learner has a waiting invitation already');

/**
 * POST /api/categories/{id}/members: the owner invites a learner by username with a role. The
 * invitee is mailed once (when their address is verified) and sees it in the app.
 */
export async function inviteMember(
  deps: AppDeps,
  userId: string,
  id: string,
  body: InviteMemberBody,
): Promise<Invitation> {
  const category = await requireOwnedCategory(deps.db, userId, id);
  if (category.visibility === 'private') {
    throw conflict('visibility', 'Share the category (shared or public) before inviting members');
  }
  const invitee = await findUser(deps.db, { username: body.username });
  if (!invitee || invitee.disabled) {
    const message = 'No user with this username';
    throw new AppError('not_found', message, [{ path: 'username', message }]);
  }
  if (invitee.id === userId) throw conflict('username', 'You own this category already');
  const invitationId = randomUUID();
  await deps.db.transaction().execute(async (trx) => {
    // Invitations sent at once count one after the other (docs/limits.md).
    await lockOwner(trx, userId);
    if (await findMember(trx, category.id, invitee.id)) {
      throw conflict('username', 'This learner is a member already');
    }
    if (await findPendingInvitation(trx, category.id, invitee.id)) throw alreadyInvited();
    const now = deps.now();
    await assertInvitationsLeftToday(trx, userId, now);
    await assertSeatLeft(trx, category.id);
    await pruneAnswered(trx, userId, now - dayMs);
    try {
      await insertInvitation(trx, {
        id: invitationId,
        category_id: category.id,
        owner_id: userId,
        invitee_id: invitee.id,
        role: body.role,
        status: 'pending',
        created_at: now,
        responded_at: null,
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyInvited();
      // The category was deleted since it was read.
      if (isForeignKeyViolation(error)) throw notFound('Category not found');
      throw error;
    }
  });
  const row = await findInvitation(deps.db, invitationId);
  if (!row) throw notFound('Category not found');
  const invitation = await toInvitation(deps.db, row);
  publishInvitation(deps, row, 'pending');
  if (invitee.emailVerified) {
    deps.background.run(
      () => mailInvitation(deps, invitee.email, invitation),
      'could not send the invitation mail',
    );
  }
  return invitation;
}

/**
 * Mails the invitee, at most `mailsPerAddress` invitation mails an hour to one address whoever
 * sends them (the per-address mail limit of decision 0017, counted apart from the address's own
 * verification and reset mails, which invitations must not use up). Past it the invitation stands
 * and shows in the app; only its mail is left out.
 */
async function mailInvitation(deps: AppDeps, to: string, invitation: Invitation): Promise<void> {
  try {
    await takeAllowance(deps, 'mailsPerAddress', `invitation:${emailAddressKey(to)}`);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'rate_limited') throw error;
    deps.log.info(
      { invitationId: invitation.id },
      'invitation not mailed: its address had many invitations this hour',
    );
    return;
  }
  const url = `${deps.config.publicUrl}/app/dashboard?invitation=${encodeURIComponent(invitation.id)}`;
  // In the invitee's language, not the owner's.
  const locale = await userLocale(deps.db, invitation.invitee.id);
  await deps.mailer.send(invitationMail(to, invitation, url, locale));
}

/** GET /api/categories/{id}/invitations: the owner sees who has not answered yet. */
export async function listCategoryInvitations(
  deps: AppDeps,
  userId: string,
  id: string,
): Promise<Invitation[]> {
  const category = await requireOwnedCategory(deps.db, userId, id);
  return toInvitations(deps.db, await listPendingOfCategory(deps.db, category.id));
}

/** GET /api/invitations: the caller's pending invitations, newest first. */
export async function listReceivedInvitations(
  deps: AppDeps,
  userId: string,
): Promise<Invitation[]> {
  const rows = await listPendingOfInvitee(deps.db, userId, invitationLimits.receivedListMax);
  return toInvitations(deps.db, rows);
}

/** Why a pending invitation can no longer be answered, as a 409 naming `status`. */
function notPending(row: InvitationRow): AppError {
  // Whole sentences, so that each has its translation (http/error-catalog.ts).
  const message = {
    pending: 'This invitation was answered meanwhile',
    accepted: 'This invitation was accepted already',
    declined: 'This invitation was declined',
    cancelled: 'This invitation was cancelled by the owner',
  }[row.status];
  return conflict('status', message);
}

/**
 * The invitation the caller received, to answer: 404 when it is not theirs (the owner who sent
 * it gets 403) or its category is gone, 409 naming `status` when it is no longer pending.
 */
async function requireReceivedPending(db: Db, userId: string, id: string): Promise<InvitationRow> {
  const row = await findInvitation(db, id);
  if (!row || row.category_id === null) throw invitationNotFound();
  if (row.invitee_id !== userId) {
    if (row.owner_id === userId) {
      throw new AppError('forbidden', 'Only the invited learner may answer this invitation');
    }
    throw invitationNotFound();
  }
  if (row.status !== 'pending') throw notPending(row);
  return row;
}

/** After a conditional answer found nothing to change: say why, as it is now. */
async function answerLost(db: Db, id: string): Promise<AppError> {
  const row = await findInvitation(db, id);
  return !row || row.category_id === null ? invitationNotFound() : notPending(row);
}

/** POST /api/invitations/{id}/accept: the caller becomes a member with the invitation's role. */
export async function acceptInvitation(
  deps: AppDeps,
  userId: string,
  id: string,
): Promise<Invitation> {
  const row = await requireReceivedPending(deps.db, userId, id);
  if (row.category_visibility === 'private') {
    throw conflict(
      'visibility',
      'The owner made this category private: the invitation waits until it is shared again',
    );
  }
  const categoryId = row.category_id ?? '';
  try {
    await deps.db.transaction().execute(async (trx) => {
      if (!(await holdCategory(trx, categoryId, deps.dbKind === 'postgres'))) {
        throw invitationNotFound();
      }
      const now = deps.now();
      if (!(await answerPending(trx, id, 'accepted', now))) throw await answerLost(trx, id);
      if (await findMember(trx, categoryId, userId)) return;
      await insertMember(trx, {
        category_id: categoryId,
        user_id: userId,
        role: row.role,
        created_at: now,
      });
    });
  } catch (error) {
    // The category was deleted, or the same membership made, by a transaction that raced this one.
    if (isForeignKeyViolation(error)) throw invitationNotFound();
    if (isUniqueViolation(error)) throw await answerLost(deps.db, id);
    throw error;
  }
  publishInvitation(deps, row, 'accepted');
  publishMembership(deps, categoryId, userId, row.role);
  return answered(deps, id);
}

/** POST /api/invitations/{id}/decline: nobody becomes a member; the owner may invite again. */
export async function declineInvitation(
  deps: AppDeps,
  userId: string,
  id: string,
): Promise<Invitation> {
  const row = await requireReceivedPending(deps.db, userId, id);
  if (!(await answerPending(deps.db, id, 'declined', deps.now()))) {
    throw await answerLost(deps.db, id);
  }
  publishInvitation(deps, row, 'declined');
  return answered(deps, id);
}

/** DELETE /api/categories/{id}/invitations/{invitationId}: the owner takes an invitation back. */
export async function cancelInvitation(
  deps: AppDeps,
  userId: string,
  categoryId: string,
  id: string,
): Promise<Invitation> {
  const category = await requireOwnedCategory(deps.db, userId, categoryId);
  const row = await findInvitation(deps.db, id);
  if (!row || row.category_id !== category.id) throw invitationNotFound();
  if (row.status !== 'pending') throw notPending(row);
  if (!(await answerPending(deps.db, id, 'cancelled', deps.now()))) {
    throw await answerLost(deps.db, id);
  }
  publishInvitation(deps, row, 'cancelled');
  return answered(deps, id);
}

/** An invitation's news reaches its two parties only: the owner who sent it and the invitee. */
function publishInvitation(
  deps: AppDeps,
  row: Pick<InvitationRow, 'id' | 'category_id' | 'owner_id' | 'invitee_id'>,
  status: 'pending' | 'accepted' | 'declined' | 'cancelled',
): void {
  if (row.category_id === null) return;
  const event = liveEvent('invitation.changed', {
    id: row.id,
    categoryId: row.category_id,
    status,
  });
  deps.live.publish(event, { kind: 'user', userId: row.invitee_id });
  deps.live.publish(event, { kind: 'user', userId: row.owner_id });
}

async function answered(deps: AppDeps, id: string): Promise<Invitation> {
  const row = await findInvitation(deps.db, id);
  // Answered, then its category deleted at once by another request.
  if (!row || row.category_id === null) throw invitationNotFound();
  return toInvitation(deps.db, row);
}
