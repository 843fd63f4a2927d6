import type { SocketEvent } from '@glossa/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundWork } from './background-work';
import type { Config } from './config';
import type { DatabaseKind, Db } from './db/database';
import type { Mailer } from './mail/mailer';
import type { ReviewWriter } from './modules/study/writer/review-writer';
import type { PasswordHashCost } from './security/passwords';
import type { SigningKeys } from './security/keys';

/**
 * Who an event of the websocket is for, decided again on every instance when it is delivered:
 * one learner's sockets, the admins', or those of the learners who may read the category then
 * (its owner, its members by the nearest membership, the learners of the public deck it is in),
 * plus `users`, who could read it a moment ago (a category moved or deleted, a member removed).
 */
export type LiveAudience =
  | { kind: 'user'; userId: string }
  | { kind: 'admins' }
  | { kind: 'category'; categoryId: string; users?: string[] };

/** What services publish live events through, always after their transaction committed. */
export interface LivePublisher {
  publish(event: SocketEvent, audience: LiveAudience): void;
  /**
   * The learner's sessions or security stamp changed (sign-out, password change or reset, sign
   * out everywhere, deletion): every socket of theirs is checked again, and closed if it ended.
   */
  sessionsChanged(userId: string): void;
  /**
   * Who may read these categories now (owner, members of them, their ancestors and their
   * sub-categories, learners of their deck): read before a change that takes their access away,
   * to tell those readers afterwards.
   */
  readersBefore(categoryIds: string[]): Promise<string[]>;
}

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
  /** Live events for the websocket (modules/live). */
  live: LivePublisher;
  /** The app's logger, for work that outlives a request (mail sent after the answer). */
  log: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
