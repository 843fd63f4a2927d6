/** Bounds of study's calls (docs/limits.md). */
export const studyLimits = {
  queueLimitDefault: 50,
  queueLimitMax: 200,
  /** Characters of a guess as the scorer compares them (answer-text.ts), and its UTF-16 units. */
  guessMax: 100,
  guessUnitsMax: 400,
  /**
   * How far an answer's time (answeredAt) may be ahead of the server's clock: a device's clock
   * off by this much counts as now; further, the answer is refused.
   */
  answeredAtSkewMs: 5 * 60_000,
  /**
   * How old an answer may be when it reaches the server: what the web's outbox keeps (a
   * sign-in session lasts 30 days); older answers are refused (the outbox drops them first).
   */
  answerAgeMaxMs: 30 * 86_400_000,
} as const;
