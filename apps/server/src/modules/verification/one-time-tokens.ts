import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import { invalidInput } from '../../errors';
import {
  findOneTimeTokenByHash,
  findUnusedToken,
  insertOneTimeToken,
  invalidateUnusedTokens,
  markOneTimeTokenUsed,
  type OneTimeTokenKind,
  type OneTimeTokenRow,
} from './one-time-tokens.repository';

/** How long a mailed link works (docs/design.md §5). */
const oneTimeTokenLifetimeMs: Record<OneTimeTokenKind, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
  change_email: 24 * 60 * 60 * 1000,
};

/** Only the SHA-256 of a token is stored: a leaked table gives no usable link. */
function hashOneTimeToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * Issues a new single-use token of a kind for a user, bound to the address it is mailed to, and
 * ends the earlier unused ones of that kind, on the caller's transaction or one of its own.
 * Returns the token itself, to be put in the link.
 */
export async function issueOneTimeToken(
  db: Db,
  input: { userId: string; kind: OneTimeTokenKind; email: string; now: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const inTransaction = async (work: (trx: Db) => Promise<void>) =>
    db.isTransaction ? work(db) : db.transaction().execute(work);
  await inTransaction(async (trx) => {
    await invalidateUnusedTokens(trx, input.userId, input.kind, input.now);
    await insertOneTimeToken(trx, {
      id: randomUUID(),
      user_id: input.userId,
      kind: input.kind,
      token_hash: hashOneTimeToken(token),
      email: input.email,
      created_at: input.now,
      expires_at: input.now + oneTimeTokenLifetimeMs[input.kind],
      used_at: null,
    });
  });
  return token;
}

const invalidToken = (message: string) => invalidInput('token', message);

/** The token's row whatever its state (used, replaced, expired), or undefined. */
export async function findOneTimeToken(
  db: Db,
  token: string,
): Promise<OneTimeTokenRow | undefined> {
  return findOneTimeTokenByHash(db, hashOneTimeToken(token));
}

/** The row when it is an unused, unexpired token of one of the kinds; else a 400 naming `token`. */
export function usableToken(
  row: OneTimeTokenRow | undefined,
  kinds: OneTimeTokenKind[],
  now: number,
): OneTimeTokenRow {
  if (!row || !kinds.includes(row.kind)) {
    throw invalidToken(
      'This link is not valid. Check that you copied all of it, or ask for a new one.',
    );
  }
  if (row.used_at !== null) {
    throw invalidToken('This link has already been used or was replaced by a newer one.');
  }
  if (row.expires_at <= now) throw invalidToken('This link has expired. Ask for a new one.');
  return row;
}

/**
 * The unused, unexpired token of one of the kinds, or a 400 naming `token` that says what is
 * wrong.
 */
export async function findUsableToken(
  db: Db,
  token: string,
  kinds: OneTimeTokenKind[],
  now: number,
): Promise<OneTimeTokenRow> {
  return usableToken(await findOneTimeToken(db, token), kinds, now);
}

/** Marks the token used inside the caller's transaction; a concurrent second use fails. */
export async function consumeToken(trx: Db, row: OneTimeTokenRow, now: number): Promise<void> {
  if (!(await markOneTimeTokenUsed(trx, row.id, now))) {
    throw invalidToken('This link has already been used or was replaced by a newer one.');
  }
}

export function staleAddressError() {
  return invalidToken(
    'This link was sent to an address that is no longer the one on the account. Ask for a new one.',
  );
}

/** The user's newest unused, unexpired token of a kind (what waits for its link), if any. */
export async function findPendingToken(
  db: Db,
  userId: string,
  kind: OneTimeTokenKind,
  now: number,
): Promise<OneTimeTokenRow | undefined> {
  return findUnusedToken(db, userId, kind, now);
}

/** Ends the user's unused tokens of a kind: their links stop working. */
export async function endUnusedTokens(
  db: Db,
  userId: string,
  kind: OneTimeTokenKind,
  now: number,
): Promise<void> {
  await invalidateUnusedTokens(db, userId, kind, now);
}
