import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundWork } from './background-work';
import type { Config } from './config';
import type { DatabaseKind, Db } from './db/database';
import type { Mailer } from './mail/mailer';
import type { ReviewWriter } from './modules/study/writer/review-writer';
import type { PasswordHashCost } from './security/passwords';
import type { SigningKeys } from './security/keys';

/** What services need from the outside world, built once per app. */
export interface AppDeps {
  config: Config;
  db: Db;
  dbKind: DatabaseKind;
  /** The thread that writes every study write (review, override, undo), in group commits. */
  reviewWriter: ReviewWriter;
  mailer: Mailer;
  /** Work finished after its answer was sent (awaited on close, and by tests). */
  background: BackgroundWork;
  keys: SigningKeys;
  /** The argon2id cost of new password hashes (the OWASP one unless a test lowered it). */
  passwordCost: PasswordHashCost;
  /** The clock, in epoch milliseconds; tests move it. */
  now: () => number;
  /** The app's logger, for work that outlives a request (mail sent after the answer). */
  log: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
