/**
 * The study writes this tab's review outbox has just sent (by clientReviewId): the live socket's
 * `review.recorded` of one of them is this tab's own answer, whose result the outbox takes in
 * itself (the combo from the result; the counts and card lists read again once it has sent
 * everything), so that event reads nothing again (lib/live-updates.ts). Each write noted is taken
 * by one event: a later undo or grade of the same answer, sent outside the outbox, is read as any
 * event is, as is another tab's or device's answer. A write whose event does not come within
 * `keptMs` (no socket, a slow commit) is forgotten, and its event, if late, is read as before.
 */
const keptMs = 15_000;
/** A bound on the memory, far above what a few seconds of answering send. */
const keptMax = 200;
const noted = new Map<string, { at: number; count: number }>();

function forgetOld(now: number): void {
  for (const [id, write] of noted) {
    if (now - write.at > keptMs) noted.delete(id);
  }
  // Over the bound, the first noted go first (a Map keeps the order of insertion).
  for (const id of noted.keys()) {
    if (noted.size <= keptMax) break;
    noted.delete(id);
  }
}

/** Notes a study write as this tab's own, as it is sent. */
export function noteOwnStudyWrite(clientReviewId: string, now: number = Date.now()): void {
  const count = noted.get(clientReviewId)?.count ?? 0;
  noted.delete(clientReviewId);
  noted.set(clientReviewId, { at: now, count: count + 1 });
  forgetOld(now);
}

/** Whether the event of this write is this tab's own (noted and not yet taken); takes it. */
export function takeOwnStudyWrite(clientReviewId: string, now: number = Date.now()): boolean {
  forgetOld(now);
  const write = noted.get(clientReviewId);
  if (!write) return false;
  if (write.count > 1) write.count -= 1;
  else noted.delete(clientReviewId);
  return true;
}
