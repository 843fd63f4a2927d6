import { randomUUID } from 'node:crypto';
import { defaultSchedulerSettings } from '@glossa/contract';
import {
  DAY_MS,
  newCardState,
  predictRecall,
  review,
  seededRandom,
  type CardHistory,
} from '@glossa/srs';
import type { TestApp } from '../../../test/app';
import type { TestUser } from '../../../test/factories';
import { caller, cardBody } from '../categories/sharing.test-support';

/** A learner whose memory follows other numbers than the defaults: what a fit should find. */
const truth = {
  ...defaultSchedulerSettings,
  interceptElevationGain: 0.9,
  amplitudeElevationGain: 1.2,
  decayRateElevationGain: 0.5,
  interceptElevationDepreciation: 0.35,
  amplitudeElevationDepreciation: 0.3,
};

/**
 * Simulates `cards` cards answered `reviewsPerCard` times each, near their due dates, with
 * outcomes drawn from the true model's recall, and writes them to the log as reviews would, the
 * last before `now`. Answers each card's history as a fit counts it.
 */
export async function writeFitHistory(
  t: TestApp,
  user: TestUser,
  cards: number,
  reviewsPerCard: number,
  now: number,
): Promise<CardHistory[]> {
  // Seeded by the shape only, so every run fits the same history (not by the random user id).
  const random = seededRandom(`history-${cards}x${reviewsPerCard}`);
  const rows: { cardId: string; at: number; grade: 1 | 3 }[] = [];
  const histories: CardHistory[] = [];
  const start = now - 400 * DAY_MS;
  for (let c = 0; c < cards; c++) {
    const created = await caller(t).must(
      'POST',
      '/api/cards',
      user,
      cardBody({ answers: ['the house'] }),
    );
    const cardId = String(created['id']);
    let state = newCardState();
    let at = start + c * 60_000;
    const history: { elapsedDays: number; grade: 1 | 3 }[] = [];
    for (let r = 0; r < reviewsPerCard; r++) {
      const recall = predictRecall(state, at) ?? 0.7;
      const grade = random() < recall ? 3 : 1;
      const previous = state.lastReviewAt;
      history.push({ elapsedDays: previous === null ? 0 : (at - previous) / DAY_MS, grade });
      rows.push({ cardId, at, grade });
      const next = review(state, { grade }, truth, at);
      state = next.state;
      at = next.dueAt + Math.floor(random() * next.period * 0.6 * DAY_MS);
    }
    histories.push(history);
  }
  rows.sort((a, b) => a.at - b.at);
  const values = rows.map((row, i) => ({
    id: randomUUID(),
    user_id: user.id,
    card_id: row.cardId,
    seq: i + 1,
    client_review_id: randomUUID(),
    kind: 'review' as const,
    target_id: null,
    reviewed_at: row.at,
    guess: row.grade === 3 ? 'the house' : 'no idea',
    score: row.grade === 3 ? 1 : 0,
    success: row.grade === 3 ? 1 : 0,
    grade: row.grade,
    elapsed_ms: 1500,
    state_before: '{}',
    state_after: '{}',
    result: '{}',
  }));
  for (let i = 0; i < values.length; i += 200) {
    await t.app.deps.db
      .insertInto('review_log')
      .values(values.slice(i, i + 200))
      .execute();
  }
  return histories;
}
