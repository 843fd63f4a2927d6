import { fsrs, type FSRSState } from 'ts-fsrs';
import { isSuccessfulGrade, type HistoryReview, type RecallModel } from '@glossa/srs';

export interface FsrsModelOptions {
  /**
   * Replay every grade as Good or Again, the pass/fail outcome the elevation model reads, so the
   * two models are compared on the same information.
   */
  passFail?: boolean;
}

/** FSRS (ts-fsrs, FSRS-6 with its 21 default parameters unless given) as a replayable model. */
export function fsrsRecallModel(
  w?: readonly number[],
  options: FsrsModelOptions = {},
): RecallModel<FSRSState> {
  const scheduler = fsrs(w ? { w: [...w] } : {});
  const grade = (review: HistoryReview) =>
    options.passFail ? (isSuccessfulGrade(review.grade) ? 3 : 1) : review.grade;
  return {
    start: (first) => scheduler.next_state(null, 0, grade(first)),
    predict: (state, elapsedDays) => scheduler.forgetting_curve(elapsedDays, state.stability),
    update: (state, review) => scheduler.next_state(state, review.elapsedDays, grade(review)),
  };
}
