import { calendarCuts, firstReviewAfter, isSuccessfulGrade, type CardHistory } from '@glossa/srs';

// The scheduler bench's split of each card's reviews into an earlier part to fit and a later part
// to score (SCHEDULER_SPLIT=kind:value, calendar:0.5 by default).

/**
 * How each card's reviews are split into an earlier part to fit and a later part to score
 * (SCHEDULER_SPLIT=kind:value). The file has no calendar time, only each card's own intervals.
 */
export interface SplitKind {
  name: string;
  value: number;
  describe: string;
  /** 0-based position of each card's first scored review. */
  cuts: (histories: readonly CardHistory[]) => number[];
  /** Whether the cut reads the card's later reviews: the scored part is then not a forecast. */
  looksAhead: boolean;
}

export function splitKind(spec: string): SplitKind {
  const [name = '', raw] = spec.split(':');
  const value = raw === undefined ? Number.NaN : Number(raw);
  switch (name) {
    case 'age': {
      const days = Number.isFinite(value) ? value : 60;
      return {
        name,
        value: days,
        describe: `each card's reviews in its first ${days} days are fitted, its later ones scored`,
        cuts: (histories) => histories.map((history) => firstReviewAfter(history, days)),
        looksAhead: false,
      };
    }
    case 'calendar': {
      const share = Number.isFinite(value) ? value : 0.5;
      return {
        name,
        value: share,
        describe:
          `an emulated calendar cut-off: cards begun on random days of a collection as long as ` +
          `the longest card history, cut where ${share * 100} % of the reviews come after it`,
        cuts: (histories) => calendarCuts(histories, share, 'scheduler bench split').cuts,
        looksAhead: false,
      };
    }
    case 'position': {
      const reviews = Number.isFinite(value) ? value : 6;
      return {
        name,
        value: reviews,
        describe: `each card's first ${reviews} reviews are fitted, its later ones scored`,
        cuts: (histories) => histories.map(() => reviews),
        looksAhead: false,
      };
    }
    case 'share': {
      const share = Number.isFinite(value) ? value : 0.5;
      return {
        name,
        value: share,
        describe: `the first ${share * 100} % of each card's own reviews are fitted, the rest scored`,
        cuts: (histories) =>
          histories.map((history) => Math.ceil((history.length - 1) * share) + 1),
        looksAhead: true,
      };
    }
    default:
      throw new Error(
        `SCHEDULER_SPLIT=${spec}: use age[:days], calendar[:days], position[:reviews] or share[:fraction]`,
      );
  }
}

export interface Split {
  kind: SplitKind;
  train: CardHistory[];
  /** 0-based position of each card's first scored review. */
  testFrom: number[];
  trainReviews: number;
  testReviews: number;
}

export function split(histories: readonly CardHistory[], kind: SplitKind): Split {
  const cuts = kind.cuts(histories);
  const testFrom = histories.map((history, card) =>
    Math.min(history.length, Math.max(1, cuts[card] ?? 1)),
  );
  const train = histories.map((history, card) => history.slice(0, testFrom[card]));
  const labelled = histories.reduce((sum, history) => sum + Math.max(0, history.length - 1), 0);
  const trainReviews = train.reduce((sum, history) => sum + Math.max(0, history.length - 1), 0);
  return { kind, train, testFrom, trainReviews, testReviews: labelled - trainReviews };
}

/** Share recalled in the fitted and the scored part, overall and after ≥ `days` days. */
export function partRecall(histories: readonly CardHistory[], at: Split, days: number): string {
  const parts = Array.from({ length: 4 }, () => ({ n: 0, y: 0 }));
  histories.forEach((history, card) => {
    const from = at.testFrom[card] ?? Number.POSITIVE_INFINITY;
    for (let j = 1; j < history.length; j++) {
      const review = history[j];
      if (!review) continue;
      const y = isSuccessfulGrade(review.grade) ? 1 : 0;
      const base = j < from ? 0 : 2;
      for (const index of review.elapsedDays >= days ? [base, base + 1] : [base]) {
        const part = parts[index];
        if (part) {
          part.n++;
          part.y += y;
        }
      }
    }
  });
  const [fitted, fittedLong, scoredAll, scoredLong] = parts.map(
    ({ n, y }) => `${((100 * y) / n).toFixed(1)} %`,
  );
  return (
    `recalled: fitted part ${fitted ?? ''} (${fittedLong ?? ''} after ≥ ${days} days), ` +
    `scored part ${scoredAll ?? ''} (${scoredLong ?? ''})`
  );
}
