import { scoreBand, type ScoreBand } from '@glossa/srs';

/** The verdict's words for each score band (docs/scheduler.md "Feedback wording"). */
export const verdictWords: Record<ScoreBand, string> = {
  exact: 'Exactly right',
  almost: 'Right, with a slip',
  close: 'Close',
  partly: 'Partly right',
  wrong: 'Not right',
};

/** How an answer's score reads: study's verdict and the explore page's try-out say the same. */
export function verdictOf(score: number, success: boolean): string {
  return verdictWords[scoreBand(score, success)];
}
