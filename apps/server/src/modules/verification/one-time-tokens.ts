import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import { invalidInput } from '../../errors';
import {
  findOneTimeTokenByHash,
  insertOneTimeToken,
  invalidateUnusedTokens,
  markOneTimeTokenUsed,
  type OneTimeTokenKind,
  type OneTimeTokenRow,
} from './one-time-tokens.repository';

/** How long a mailed link works (DESIGN.md §5). */
const oneTimeTokenLifetimeMs: Record<OneTimeTokenKind, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

/** Only the SHA-256 of a token is stored: a leaked table gives no usable link. */
function hashOneTimeToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * Issues a new single-use token of a kind for a user, bound to the address it is mailed to, and
 * ends the earlier unused ones of that kind. Returns the token itself, to be put in the link.
 */
export async function issueOneTimeToken(
  db: Db,
  input: { userId: string; kind: OneTimeTokenKind; email: string; now: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction().execute(async (trx) => {
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

/** The unused, unexpired token of a kind, or a 400 naming `token` that says what is wrong. */
export async function findUsableToken(
  db: Db,
  token: string,
  kind: OneTimeTokenKind,
  now: number,
): Promise<OneTimeTokenRow> {
  const row = await findOneTimeTokenByHash(db, hashOneTimeToken(token));
  if (!row || row.kind !== kind) {
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
