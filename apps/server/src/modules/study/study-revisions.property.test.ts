import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import { studyCalls } from './study.test-support';

// Reviews, "I was right" and undos in any order, client ids used again (issue 14, item 18): each
// call's answer is checked against a model of what stands and against the database and the log.
// A new write's answer is the card's schedule and the combo as the database holds them after it;
// a call sent again answers what it answered the first time while what it did stands (409 once
// its review is undone); a refused call writes nothing.

type Step =
  | { kind: 'review'; id: number; card: number; right: boolean }
  | { kind: 'override'; id: number }
  | { kind: 'undo'; id: number };

const ids = 3;
const cards = 2;
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('review' as const),
    id: fc.nat({ max: ids - 1 }),
    card: fc.nat({ max: cards - 1 }),
    right: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('override' as const), id: fc.nat({ max: ids - 1 }) }),
  fc.record({ kind: fc.constant('undo' as const), id: fc.nat({ max: ids - 1 }) }),
);

/** What the model knows of one review: its card, its answers, and what acted on it. */
interface Known {
  card: number;
  success: boolean;
  review: unknown;
  override?: unknown;
  undo?: unknown;
}

/** What a call should answer: a new write, the first answer again, or a refusal. */
type Expected = { status: 200; fresh: true } | { status: 200; again: unknown } | { status: number };

/** The model: which reviews stand on each card (oldest first), and what each answered. */
class Model {
  readonly known = new Map<number, Known>();
  readonly standing: number[][] = Array.from({ length: cards }, () => []);

  expect(s: Step): Expected {
    const known = this.known.get(s.id);
    if (s.kind === 'review') {
      if (!known) return { status: 200, fresh: true };
      if (known.card !== s.card || known.undo) return { status: 409 };
      return { status: 200, again: known.review };
    }
    if (!known) return { status: 404 };
    const latest = this.standing[known.card]?.at(-1) === s.id;
    if (s.kind === 'override') {
      if (known.undo) return { status: 409 };
      if (known.override) return { status: 200, again: known.override };
      if (!latest || known.success) return { status: 409 };
      return { status: 200, fresh: true };
    }
    if (known.undo) return { status: 200, again: known.undo };
    if (!latest) return { status: 409 };
    return { status: 200, fresh: true };
  }

  record(s: Step, answer: Record<string, unknown>): void {
    if (s.kind === 'review') {
      this.known.set(s.id, { card: s.card, success: answer['success'] === true, review: answer });
      this.standing[s.card]?.push(s.id);
      return;
    }
    const known = this.known.get(s.id);
    if (!known) throw new Error('a revision of an unknown review was written');
    if (s.kind === 'override') {
      known.override = answer;
      return;
    }
    known.undo = answer;
    const list = this.standing[known.card] ?? [];
    list.splice(list.indexOf(s.id), 1);
  }
}

describe('study: reviews, "I was right" and undos in any order', () => {
  let t: TestApp;
  let clock = Date.UTC(2026, 0, 10, 12, 0, 0);
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const { api, db, newCard, reviewCall, progressOf, logOf } = studyCalls(
    () => t,
    (ms) => (clock += ms),
  );
  const comboOf = (userId: string) =>
    db().selectFrom('combos').selectAll().where('user_id', '=', userId).executeTakeFirst();

  /** The learner's schedule of a card and combo as the database holds them. */
  async function stored(user: TestUser, cardId: string) {
    const progress = await progressOf(user.id, cardId);
    const combo = await comboOf(user.id);
    return {
      progress: progress && {
        dueAt: progress.due_at,
        period: progress.period,
        reps: progress.reps,
        lapses: progress.lapses,
      },
      combo: { current: combo?.current ?? 0, best: combo?.best ?? 0 },
    };
  }

  it('answers every call as the model and the database say, and writes only new ones', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 14 }), async (steps) => {
        const user = await createUser(t);
        const cardIds = [await newCard(user), await newCard(user)];
        const clientIds = Array.from({ length: ids }, () => randomUUID());
        const model = new Model();
        let written = 0;
        for (const s of steps) {
          clock += 20_000;
          const id = clientIds[s.id] ?? '';
          const expected = model.expect(s);
          const cardId =
            s.kind === 'review' ? cardIds[s.card] : cardIds[model.known.get(s.id)?.card ?? 0];
          const before = cardId ? await stored(user, cardId) : null;
          const res =
            s.kind === 'review'
              ? await reviewCall(user, cardIds[s.card] ?? '', s.right ? 'the house' : 'wrong', id)
              : await api().call('POST', `/api/study/reviews/${id}/${s.kind}`, user);
          const label = `${JSON.stringify(s)} → ${res.status} ${JSON.stringify(res.payload)}`;
          expect(res.status, label).toBe(expected.status);
          const log = await logOf(user.id);
          const after = cardId ? await stored(user, cardId) : null;
          if ('fresh' in expected) {
            written += 1;
            model.record(s, res.payload);
            // The log holds the new row, of this kind, for this answer.
            expect(log, label).toHaveLength(written);
            expect(log.at(-1)?.kind, label).toBe(s.kind);
            expect(log.at(-1)?.client_review_id, label).toBe(
              s.kind === 'review' ? id : `${id}.${s.kind}`,
            );
            // The answer is the schedule and the combo the database now holds.
            const combo = res.payload['combo'] as { current: number; best: number };
            expect(after?.combo, label).toEqual({ current: combo.current, best: combo.best });
            if (s.kind === 'undo') {
              const progress = res.payload['progress'] as { dueAt: string | null } | null;
              expect(after?.progress?.dueAt ?? null, label).toBe(
                progress?.dueAt ? Date.parse(progress.dueAt) : null,
              );
            } else {
              expect(after?.progress?.dueAt, label).toBe(Date.parse(String(res.payload['dueAt'])));
              expect(after?.progress?.period, label).toBe(res.payload['period']);
            }
          } else {
            // Sent again or refused: nothing written, and the first answer again.
            expect(log, label).toHaveLength(written);
            expect(after, label).toEqual(before);
            if ('again' in expected) expect(res.payload, label).toEqual(expected.again);
          }
        }
      }),
      { numRuns: 25 },
    );
  }, 300_000);
});
