import { api, cardPageSchema, type RouteSpec } from '@glossa/contract';
import type { TestApp } from '../app';
import { bearer, createWorld, type Member, type World } from '../world';
import { installChangeLog, type Change, type ChangeLog } from './change-log';
import { knownValues } from './known-values';
import type { AuthChoice, RequestContext } from './requests';

export type FuzzMode = 'anonymous' | 'signed in';

/** The calls under a per-account or per-address limit (decision 0017). */
const countedCalls: RouteSpec[] = [
  api.user.create,
  api.user.edit,
  api.account.resendVerification,
  api.account.resendEmailChange,
  api.account.forgetPassword,
];

/**
 * What a refused request may still write, and why: nothing else. Each is a rule of the design,
 * not a tolerance: a new entry needs the same kind of reason.
 */
const writesOfARefusal: {
  why: string;
  allows(spec: RouteSpec, status: number, change: Change): boolean;
}[] = [
  {
    why: 'every signed-in call notes when its session was last used (at most once a minute)',
    allows: (_spec, _status, change) =>
      change.table === 'sessions' &&
      change.op === 'update' &&
      change.columns.every((column) => column === 'last_used_at'),
  },
  {
    why:
      'a failed sign-in is counted per login and client address, for its back-off (item 12, ' +
      'decision 0018), and the count of one long forgotten is deleted',
    allows: (spec, status, change) =>
      spec === api.auth.login &&
      (status === 401 || status === 429) &&
      change.table === 'sign_in_failures',
  },
  {
    why:
      'the per-account and per-address limits of edits and mail count every hit, refused or ' +
      'not, before any lookup, so that their answer tells nothing (decision 0017)',
    allows: (spec, _status, change) =>
      countedCalls.includes(spec) && change.table === 'rate_counters',
  },
  {
    why:
      'on PostgreSQL, the per-address limit of the sign-in, sign-up, refresh and mail calls ' +
      "(the route table's rateLimit 'auth') counts every hit in the shared database, refused or " +
      'not, before the body is read, so that several instances share it (decision 0032)',
    allows: (spec, _status, change) =>
      spec.rateLimit === 'auth' && change.table === 'rate_counters',
  },
  {
    why: 'a refresh token used twice revokes its session (reuse detection, DESIGN §5)',
    allows: (spec, status, change) =>
      spec === api.auth.refresh &&
      status === 401 &&
      change.table === 'sessions' &&
      change.op === 'update' &&
      change.columns.every((column) => column === 'revoked_at' || column === 'last_used_at'),
  },
];

/** The changes a refused request made that no rule allows. */
export function forbiddenChanges(spec: RouteSpec, status: number, changes: Change[]): Change[] {
  return changes.filter(
    (change) => !writesOfARefusal.some((rule) => rule.allows(spec, status, change)),
  );
}

/**
 * The fuzz suite's test app with a world of real data, the log of every change to its tables,
 * and what the generators need to know of the world (ids, bearers, cursors). Requests may end
 * the world's sessions (sign out, a password change) or delete its owner: `recover` signs the
 * caller in again, or makes a new world.
 */
export class FuzzSession {
  readonly t: TestApp;
  readonly log: ChangeLog;
  world: World;
  cursors: string[] = [];
  /** Worlds made because a request ended the last one (deleted its owner, changed a password). */
  rebuilds = 0;
  /** Of the run's time, what the new worlds took. */
  rebuildMs = 0;
  signIns = 0;

  private constructor(t: TestApp, log: ChangeLog, world: World) {
    this.t = t;
    this.log = log;
    this.world = world;
  }

  static async start(t: TestApp): Promise<FuzzSession> {
    const log = await installChangeLog(t);
    const session = new FuzzSession(t, log, await createWorld(t));
    await session.readCursors();
    await log.take();
    return session;
  }

  /** Real cursors of the owner's card list (one card a page), in two sorts. */
  private async readCursors(): Promise<void> {
    const cursors: string[] = [];
    for (const sort of ['created', 'front']) {
      const res = await this.t.call({
        method: 'GET',
        url: `${api.cards.list.path}?limit=1&sort=${sort}`,
        token: this.world.users.owner.access,
      });
      const next = cardPageSchema.parse(res.payload).nextCursor;
      if (next) cursors.push(next);
    }
    this.cursors = cursors;
  }

  /**
   * What the generators draw from, the same object for as long as the world and its cursors stay
   * (so that the requests' arbitraries are built once, not once a chunk).
   */
  context(mode: FuzzMode): RequestContext {
    const key = `${this.rebuilds} ${this.signIns} ${this.cursors.join(' ')} ${mode}`;
    let context = this.contexts.get(key);
    if (!context) {
      context = {
        known: knownValues(this.world, this.cursors),
        badBearers: this.badBearers().length,
        signedIn: mode === 'signed in',
      };
      this.contexts.clear();
      this.contexts.set(key, context);
    }
    return context;
  }

  private readonly contexts = new Map<string, RequestContext>();

  /** The Authorization header of a request, from the world as it is now. */
  authorization(choice: AuthChoice): string | undefined {
    switch (choice.kind) {
      case 'none':
        return undefined;
      case 'member':
        return bearer(this.world.users[choice.member].access);
      case 'bad':
        return this.badBearers()[choice.index];
    }
  }

  /** Bearers that must never pass: expired, tampered, of a disabled user, malformed. */
  private badBearers(): string[] {
    const { world } = this;
    const access = world.users.owner.access;
    const [header = '', claims = ''] = access.split('.');
    return [
      bearer(world.expiredToken),
      bearer(world.tamperedToken),
      bearer(world.users.disabled.access),
      `Bearer ${access}`,
      `bearer ${Buffer.from(access).toString('base64')}`,
      `Basic ${Buffer.from('owner:password').toString('base64')}`,
      'Bearer',
      'Bearer ',
      `Bearer ${'A'.repeat(9000)}`,
      bearer('a.b.c'),
      bearer('\u0000'),
      'Bearer %%%',
      `${bearer(access)}, ${bearer(world.users.stranger.access)}`,
      bearer(world.users.owner.refresh),
      bearer(`${header}.${claims}.`),
      bearer(`${Buffer.from('{"alg":"none"}').toString('base64url')}.${claims}.`),
    ];
  }

  /** After a working bearer answered 401: sign the caller in again, or make a new world. */
  async recover(member: Member): Promise<void> {
    const user = this.world.users[member];
    for (const login of [user.username, user.email]) {
      const res = await this.t.call({
        method: 'POST',
        url: api.auth.login.path,
        payload: { login, password: user.password },
      });
      if (res.status === 200) {
        user.access = String(res.payload['access']);
        user.refresh = String(res.payload['refresh']);
        this.signIns += 1;
        await this.log.take();
        return;
      }
    }
    await this.renew();
  }

  /**
   * A new world, for a run of its own: what earlier runs wrote (thousands of cards, sessions,
   * members) would otherwise make every later request slower (an export of every card), and a
   * failure found by one run replays with its seed alone.
   */
  async renew(): Promise<void> {
    const started = performance.now();
    this.world = await createWorld(this.t);
    await this.readCursors();
    this.rebuilds += 1;
    this.rebuildMs += performance.now() - started;
    await this.log.take();
  }
}
