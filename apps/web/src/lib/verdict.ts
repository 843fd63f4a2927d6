import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { scoreBand, type ScoreBand } from '@glossa/srs';

/** The verdict's words for each score band (docs/scheduler.md "Feedback wording"). */
export const verdictWords: Record<ScoreBand, MessageDescriptor> = {
  exact: msg`Exactly right`,
  almost: msg`Right, with a slip`,
  // An id of its own: "Close" alone would share its translation with the buttons that close.
  close: msg({ id: 'verdict.close', message: 'Close' }),
  partly: msg`Partly right`,
  wrong: msg`Not right`,
};

/**
 * How an answer's score reads, in the active language: study's verdict and the explore page's
 * try-out say the same.
 */
export function verdictOf(score: number, success: boolean): string {
  return i18n._(verdictWords[scoreBand(score, success)]);
}
