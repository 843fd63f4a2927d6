import type { Card, Direction } from '@glossa/contract';
import { findLanguage } from '@glossa/contract/values';
import { plural, t } from '@lingui/core/macro';
import { formatDuration, type DurationUnit } from '../../../lib/dates';

/** A direction of a card in words: "Spanish → English", or the reverse (decision 0027). */
export function directionLabel(
  card: Pick<Card, 'fromLanguageCode' | 'toLanguageCode'>,
  direction: Direction,
): string {
  const name = (code: string) => findLanguage(code)?.englishName ?? code;
  const [from, to] =
    direction === 'reverse'
      ? [card.toLanguageCode, card.fromLanguageCode]
      : [card.fromLanguageCode, card.toLanguageCode];
  return `${name(from)} → ${name(to)}`;
}

export function percent(value: number): string {
  return `${Math.round(value * 100)}%`;
}

export function days(value: number): string {
  return formatDuration(Math.round(value * 10) / 10, 'day');
}

/** A length of time in days, as a learner says it: "about 9 hours", "about 3 weeks". */
export function duration(valueDays: number): string {
  const hours = valueDays * 24;
  if (hours < 1) return t`less than an hour`;
  const about = (count: number, unit: DurationUnit) => {
    const amount = formatDuration(count, unit);
    return t`about ${amount}`;
  };
  if (hours < 23.5) return about(Math.round(hours), 'hour');
  if (valueDays < 13.5) return about(Math.round(valueDays), 'day');
  if (valueDays < 60) return about(Math.round(valueDays / 7), 'week');
  if (valueDays < 700) return about(Math.round(valueDays / 30.4), 'month');
  return about(Math.round(valueDays / 365), 'year');
}

/**
 * How well the card is known, from its memory stability (2^elevation days: how long until the
 * chance of remembering it falls to 90 %).
 */
export function knownLevel(elevation: number): string {
  const stability = 2 ** elevation;
  if (stability < 1) return t`Still learning`;
  if (stability < 7) return t`Getting familiar`;
  if (stability < 30) return t`Learned`;
  if (stability < 180) return t`Well known`;
  return t`Mastered`;
}

/** How many times the card was forgotten, in words. */
export function timesForgotten(lapses: number): string {
  if (lapses === 0) return t`Never`;
  if (lapses === 1) return t`Once`;
  if (lapses === 2) return t`Twice`;
  return t`${plural(lapses, { one: '# time', other: '# times' })}`;
}
