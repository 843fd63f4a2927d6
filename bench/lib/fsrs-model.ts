import { fsrs, type FSRSState } from 'ts-fsrs';
import type { RecallModel } from '@glossa/srs';

/** FSRS (ts-fsrs, FSRS-6 with its 21 default parameters unless given) as a replayable model. */
export function fsrsRecallModel(w?: readonly number[]): RecallModel<FSRSState> {
  const scheduler = fsrs(w ? { w: [...w] } : {});
  return {
    start: (first) => scheduler.next_state(null, 0, first.grade),
    predict: (state, elapsedDays) => scheduler.forgetting_curve(elapsedDays, state.stability),
    update: (state, review) => scheduler.next_state(state, review.elapsedDays, review.grade),
  };
}
