import { z } from 'zod';

/**
 * Which way a card is asked (docs/decisions/0027-reverse-direction.md): `forward` shows the front
 * (the term) and takes one of the answers; `reverse` shows the answers (the translation) and takes
 * the front. A learner has one schedule per card and direction.
 */
export const directionSchema = z.enum(['forward', 'reverse'], {
  error: 'direction must be forward or reverse',
});
export type Direction = z.infer<typeof directionSchema>;
export const directions = directionSchema.options;

/**
 * A card's choice of the reverse direction: `inherit` follows its category's default
 * (`reverseDefault`; an uncategorised card is asked forward only), `on` always, `off` never.
 */
export const cardReverseSchema = z.enum(['inherit', 'on', 'off'], {
  error: 'reverse must be inherit, on or off',
});
export type CardReverse = z.infer<typeof cardReverseSchema>;

/** Whether a card is asked in reverse too: its own choice, else its category's default. */
export const asksReverse = (reverse: CardReverse, categoryDefault: boolean | null): boolean =>
  reverse === 'on' || (reverse === 'inherit' && categoryDefault === true);
