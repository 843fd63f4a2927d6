import { describe, expect, it } from 'vitest';
import { noteOwnStudyWrite, takeOwnStudyWrite } from './own-study-writes';

describe("the study writes this tab's outbox sent", () => {
  it('are each taken by one event, a write sent twice by two', () => {
    noteOwnStudyWrite('twice-0001', 1_000);
    noteOwnStudyWrite('twice-0001', 1_100);
    expect(takeOwnStudyWrite('twice-0001', 1_200)).toBe(true);
    expect(takeOwnStudyWrite('twice-0001', 1_200)).toBe(true);
    expect(takeOwnStudyWrite('twice-0001', 1_200)).toBe(false);
    expect(takeOwnStudyWrite('never-sent', 1_200)).toBe(false);
  });

  it('are forgotten after fifteen seconds without their event', () => {
    // Whatever else was noted, later or earlier (the clock may go back).
    noteOwnStudyWrite('later-0001', 90_000);
    noteOwnStudyWrite('late-0001', 10_000);
    expect(takeOwnStudyWrite('late-0001', 25_001)).toBe(false);
    noteOwnStudyWrite('in-time-01', 10_000);
    expect(takeOwnStudyWrite('in-time-01', 25_000)).toBe(true);
  });

  it('keep at most two hundred, the oldest going first', () => {
    for (let i = 0; i < 201; i += 1) noteOwnStudyWrite(`bound-${i}`, 50_000);
    expect(takeOwnStudyWrite('bound-0', 50_000)).toBe(false);
    expect(takeOwnStudyWrite('bound-1', 50_000)).toBe(true);
    expect(takeOwnStudyWrite('bound-200', 50_000)).toBe(true);
  });
});
