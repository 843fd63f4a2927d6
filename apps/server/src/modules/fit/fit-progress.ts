import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import { deleteFitProgress, startFitProgress, updateFitProgress } from './fit.repository';

// A running fit's progress lives in the shared database, so that a poll answered by any instance
// behind the load balancer sees it (docs/decisions/0030-scheduler-v2-server.md).

/**
 * Least time between two writes of a run's evaluations. The settings page polls every second, so
 * a number at most half a second old is all it can show; the fit reports after every optimiser
 * run, and this bounds its writes to two a second however often that is.
 */
export const fitProgressWriteMs = 500;

/**
 * The row is written at least this often while the fit runs, new evaluations or not: a fit that
 * waits for a thread, reads a long log or is inside a long optimiser run is still alive.
 */
export const fitProgressHeartbeatMs = 5_000;

/**
 * A row not written for this long reads as no fit running: its instance died mid-fit. Six
 * heartbeats, so a slow write or a few seconds between the instances' clocks is not a death.
 */
export const fitProgressStaleMs = 30_000;

/**
 * One run's row: written when the fit starts (over an earlier fit's row of the learner), its
 * evaluations at most every `fitProgressWriteMs` (the newest number, never one write per report),
 * removed by `end`. The pacing uses the process's own clock; the row's times are the app's.
 */
export class FitProgressWriter {
  private evaluations = 0;
  private lastWrite = performance.now();
  private writing: Promise<void> | undefined;
  private pending: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private ended = false;

  private constructor(
    private readonly deps: AppDeps,
    private readonly userId: string,
    private readonly runId: string,
  ) {}

  static async start(deps: AppDeps, userId: string): Promise<FitProgressWriter> {
    const writer = new FitProgressWriter(deps, userId, randomUUID());
    // As its updates: the fit goes on without a row (a learner whose account was deleted as the
    // fit began, a row their cascade took, fails the insert's reference and answers as before).
    await startFitProgress(deps.db, userId, writer.runId, deps.now()).catch((error: unknown) => {
      deps.log.warn({ err: error, userId }, 'could not write a fit’s progress');
    });
    writer.heartbeat = setInterval(() => {
      if (!writer.pending) writer.write();
    }, fitProgressHeartbeatMs);
    writer.heartbeat.unref();
    return writer;
  }

  /** The fit's progress callback: keeps the number, and writes it when the pace allows. */
  report(evaluations: number): void {
    this.evaluations = evaluations;
    // A write waiting or under way takes the newest number when it runs, or schedules again.
    if (this.pending || this.writing || this.ended) return;
    const wait = Math.max(0, this.lastWrite + fitProgressWriteMs - performance.now());
    this.pending = setTimeout(() => {
      this.pending = undefined;
      this.write();
    }, wait);
    this.pending.unref();
  }

  /** Stops writing and removes the run's row (the fit ended, answered or failed). */
  async end(): Promise<void> {
    this.ended = true;
    clearTimeout(this.pending);
    clearInterval(this.heartbeat);
    await this.writing;
    await deleteFitProgress(this.deps.db, this.userId, this.runId);
  }

  private write(): void {
    if (this.writing || this.ended) return;
    const evaluations = this.evaluations;
    this.lastWrite = performance.now();
    this.writing = updateFitProgress(
      this.deps.db,
      this.userId,
      this.runId,
      evaluations,
      this.deps.now(),
    )
      // The fit goes on: its answer matters more than the count shown beside it meanwhile.
      .catch((error: unknown) => {
        this.deps.log.warn({ err: error, userId: this.userId }, 'could not write a fit’s progress');
      })
      .finally(() => {
        this.writing = undefined;
        if (this.evaluations !== evaluations) this.report(this.evaluations);
      });
  }
}
