import { studyFitLimits, type StudyFit, type StudyFitProgress } from '@glossa/contract';
import { DAY_MS, type CardHistory, type Grade } from '@glossa/srs';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { readGradeSettings } from '../study/scheduler-settings.service';
import { getLearningSettings } from '../users/users.service';
import { packHistories, pickMemorySettings } from './fit-compute';
import { FitProgressWriter, fitProgressStaleMs } from './fit-progress';
import { runFit } from './fit-runner';
import { findFitProgress, listFitLogPage, type FitLogRow } from './fit.repository';

const toGrade = (value: number): Grade => (value >= 1 && value <= 4 ? (value as Grade) : 1);

interface CountedReview {
  at: number;
  grade: Grade;
  undone: boolean;
}

/**
 * Each card's history as it finally counts: its reviews in time order, an undone review removed,
 * an overridden one ("I was right") with the override's grade; days since the card's previous
 * review that counts (0 for its first). Rows are added page by page in the order they were
 * written (an undo or override always after its review), so a long log never holds the event loop
 * in one piece.
 */
export class HistoryBuilder {
  private readonly reviews = new Map<string, CountedReview>();
  private readonly byCard = new Map<string, CountedReview[]>();

  add(rows: readonly FitLogRow[]): void {
    for (const row of rows) {
      if (row.kind === 'review') {
        const review = { at: row.reviewed_at, grade: toGrade(row.grade), undone: false };
        this.reviews.set(row.id, review);
        const card = this.byCard.get(row.card_id);
        if (card) card.push(review);
        else this.byCard.set(row.card_id, [review]);
        continue;
      }
      const target = row.target_id === null ? undefined : this.reviews.get(row.target_id);
      if (!target) continue;
      if (row.kind === 'undo') target.undone = true;
      else target.grade = toGrade(row.grade);
    }
  }

  histories(): CardHistory[] {
    const histories: CardHistory[] = [];
    for (const reviews of this.byCard.values()) {
      // Stable: reviews at the same millisecond keep the order they were written in.
      const counted = reviews.filter((review) => !review.undone).sort((a, b) => a.at - b.at);
      if (counted.length === 0) continue;
      histories.push(
        counted.map((review, i) => ({
          elapsedDays: i === 0 ? 0 : (review.at - (counted[i - 1]?.at ?? review.at)) / DAY_MS,
          grade: review.grade,
        })),
      );
    }
    return histories;
  }
}

export function buildHistories(rows: readonly FitLogRow[]): CardHistory[] {
  const builder = new HistoryBuilder();
  builder.add(rows);
  return builder.histories();
}

/** Rows read per query: a long log is read in pages so no single step holds the event loop. */
const pageSize = 2000;

async function readHistories(db: Db, userId: string): Promise<CardHistory[]> {
  const builder = new HistoryBuilder();
  let after = 0;
  for (;;) {
    const page = await listFitLogPage(db, userId, after, pageSize);
    builder.add(page);
    const last = page.at(-1);
    if (!last || page.length < pageSize) return builder.histories();
    after = last.seq;
  }
}

async function fitOnce(
  deps: AppDeps,
  userId: string,
  onProgress: (evaluations: number) => void,
): Promise<StudyFit> {
  const settings = await getLearningSettings(deps.db, userId);
  const histories = await readHistories(deps.db, userId);
  return runFit(
    {
      histories: packHistories(histories),
      current: { ...pickMemorySettings(settings), ...(await readGradeSettings(deps.db, userId)) },
      minimumReviews: studyFitLimits.minimumReviews,
      maximumFittedReviews: studyFitLimits.maximumFittedReviews,
    },
    ({ evaluations }) => onProgress(evaluations),
  );
}

/** The fit with its progress row in the shared database, removed however the fit ends. */
async function fitWithProgress(deps: AppDeps, userId: string): Promise<StudyFit> {
  const progress = await FitProgressWriter.start(deps, userId);
  try {
    return await fitOnce(deps, userId, (evaluations) => progress.report(evaluations));
  } finally {
    await progress.end();
  }
}

/**
 * A second request of a learner while their fit runs on this instance shares it instead of
 * starting another (one on another instance starts its own, whose row replaces this one's).
 */
const fitsInFlight = new Map<string, Promise<StudyFit>>();

/**
 * POST /api/study/fit: fits version 2's seventeen numbers to the learner's own log and answers the
 * log loss before (current numbers) and after (proposal). Changes neither the numbers nor the log
 * (it writes only its progress row); the learner applies the ten through POST /api/user/edit and
 * the seven through PUT /api/study/scheduler (decision 0030).
 */
export async function fitToHistory(deps: AppDeps, userId: string): Promise<StudyFit> {
  const running = fitsInFlight.get(userId);
  if (running) return running;
  const fit = fitWithProgress(deps, userId).finally(() => fitsInFlight.delete(userId));
  fitsInFlight.set(userId, fit);
  return fit;
}

/**
 * GET /api/study/fit/progress: the learner's running fit, whichever instance runs it; a row its
 * instance stopped writing (it died mid-fit) reads as none.
 */
export async function getFitProgress(deps: AppDeps, userId: string): Promise<StudyFitProgress> {
  const running = await findFitProgress(deps.db, userId, deps.now() - fitProgressStaleMs);
  return running
    ? {
        running: true,
        evaluations: running.evaluations,
        startedAt: new Date(running.started_at).toISOString(),
      }
    : { running: false, evaluations: 0, startedAt: null };
}
