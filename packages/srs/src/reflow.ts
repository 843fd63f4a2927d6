import {
  DAY_MS,
  MAX_PERIOD_DAYS,
  predictRecall,
  type CardState,
  type SchedulerSettings,
} from './memory-model';

type ReflowSettings = Pick<SchedulerSettings, 'isReflowAbsolute' | 'reflowValue'>;

/** How many cards are already due on the day `dayOffset` days from now (1 = tomorrow). */
export type DueLoad = (dayOffset: number) => number;

/** A uniform generator on [0, 1). */
export type Random = () => number;

/** cyrb53: a fast, well-mixed 53-bit string hash, so close seeds give unrelated streams. */
export function hashSeed(seed: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < seed.length; i++) {
    const ch = seed.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** mulberry32 seeded from a string: deterministic, so a replay reflows the same way. */
export function seededRandom(seed: string): Random {
  let a = hashSeed(seed) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seed of a card's reflow: the card and its review count. */
export function reflowSeed(cardId: string, reps: number): string {
  return `${cardId}:${reps}`;
}

/** Half-width r of the window: reflowValue days when absolute, else round(reflowValue · P). */
export function reflowRadius(period: number, settings: ReflowSettings): number {
  if (period < 3) return 0;
  return settings.isReflowAbsolute
    ? settings.reflowValue
    : Math.round(settings.reflowValue * period);
}

/** The whole days inside [max(1, P − r), P + r] (capped at the longest period). */
export function reflowWindow(period: number, settings: ReflowSettings): [number, number] {
  const radius = reflowRadius(period, settings);
  if (radius <= 0) return [period, period];
  const low = Math.max(1, Math.ceil(period - radius));
  const high = Math.max(low, Math.min(MAX_PERIOD_DAYS, Math.floor(period + radius)));
  return [low, high];
}

/** Weight of a candidate day: 1 when empty, else (1/n)^2.15 · (1/day)^3. */
export function loadWeight(count: number, day: number): number {
  if (count <= 0) return 1;
  return (1 / count) ** 2.15 * (1 / day) ** 3;
}

/** Picks a day in [low, high] weighted by the load on each day. */
export function pickDay(low: number, high: number, random: Random, dueOn?: DueLoad): number {
  if (high <= low) return low;
  const weights: number[] = [];
  let total = 0;
  for (let day = low; day <= high; day++) {
    const weight = loadWeight(dueOn ? dueOn(day) : 0, day);
    weights.push(weight);
    total += weight;
  }
  let target = random() * total;
  for (let i = 0; i < weights.length; i++) {
    target -= weights[i] ?? 0;
    if (target < 0) return low + i;
  }
  return high;
}

/**
 * The reflowed period: a day near P chosen so the daily load is even. Nothing moves when P < 3
 * or the window is empty (reflowValue 0); the elevation is never touched.
 */
export function reflowPeriod(
  period: number,
  settings: ReflowSettings,
  seed: string,
  dueOn?: DueLoad,
): number {
  const [low, high] = reflowWindow(period, settings);
  if (low === high) return low;
  return pickDay(low, high, seededRandom(seed), dueOn);
}

export interface BacklogCard {
  id: string;
  state: CardState;
}

/**
 * Spreads the cards overdue at `now` (after a break) over the next days: the most forgotten first,
 * each on a day in [1, 1 + 2r] (r from its own period, as for reflow), weighted by the load
 * including the cards already placed. Only dueAt moves; elevation and period stay.
 */
export function spreadBacklog(
  cards: readonly BacklogCard[],
  settings: ReflowSettings,
  now: number,
  dueOn?: DueLoad,
): BacklogCard[] {
  const placed = new Map<number, number>();
  const load: DueLoad = (day) => (dueOn ? dueOn(day) : 0) + (placed.get(day) ?? 0);
  const overdue = cards
    .filter((card) => card.state.dueAt !== null && card.state.dueAt <= now)
    .map((card) => ({ card, recall: predictRecall(card.state, now) ?? 0 }))
    .sort((a, b) => a.recall - b.recall || (a.card.id < b.card.id ? -1 : 1));
  const moved = new Map<string, CardState>();
  for (const { card } of overdue) {
    const radius = Math.floor(reflowRadius(card.state.period, settings));
    const random = seededRandom(`${reflowSeed(card.id, card.state.reps)}:backlog`);
    const day = pickDay(1, 1 + 2 * radius, random, load);
    placed.set(day, (placed.get(day) ?? 0) + 1);
    moved.set(card.id, { ...card.state, dueAt: now + day * DAY_MS });
  }
  return cards.map((card) => ({ id: card.id, state: moved.get(card.id) ?? card.state }));
}
