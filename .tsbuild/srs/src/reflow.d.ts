import { type CardState, type SchedulerSettings } from './memory-model';
type ReflowSettings = Pick<SchedulerSettings, 'isReflowAbsolute' | 'reflowValue'>;
/** How many cards are already due on the day `dayOffset` days from now (1 = tomorrow). */
export type DueLoad = (dayOffset: number) => number;
/** A uniform generator on [0, 1). */
export type Random = () => number;
/** cyrb53: a fast, well-mixed 53-bit string hash, so close seeds give unrelated streams. */
export declare function hashSeed(seed: string): number;
/** mulberry32 seeded from a string: deterministic, so a replay reflows the same way. */
export declare function seededRandom(seed: string): Random;
/** The seed of a card's reflow: the card and its review count. */
export declare function reflowSeed(cardId: string, reps: number): string;
/** Half-width r of the window: reflowValue days when absolute, else round(reflowValue · P). */
export declare function reflowRadius(period: number, settings: ReflowSettings): number;
/** The whole days inside [max(1, P − r), P + r] (capped at the longest period). */
export declare function reflowWindow(period: number, settings: ReflowSettings): [number, number];
/** Weight of a candidate day: 1 when empty, else (1/n)^2.15 · (1/day)^3. */
export declare function loadWeight(count: number, day: number): number;
/** Picks a day in [low, high] weighted by the load on each day. */
export declare function pickDay(low: number, high: number, random: Random, dueOn?: DueLoad): number;
/**
 * The reflowed period: a day near P chosen so the daily load is even. Nothing moves when P < 3
 * or the window is empty (reflowValue 0); the elevation is never touched.
 */
export declare function reflowPeriod(period: number, settings: ReflowSettings, seed: string, dueOn?: DueLoad): number;
export interface BacklogCard {
    id: string;
    state: CardState;
}
/**
 * Spreads the cards overdue at `now` (after a break) over the next days: the most forgotten first,
 * each on a day in [1, 1 + 2r] (r from its own period, as for reflow), weighted by the load
 * including the cards already placed. Only dueAt moves; elevation and period stay.
 */
export declare function spreadBacklog(cards: readonly BacklogCard[], settings: ReflowSettings, now: number, dueOn?: DueLoad): BacklogCard[];
export {};
