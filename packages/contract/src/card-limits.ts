/** Limits of a card and of the calls that take many, enforced by the schemas and the server. */
export const cardLimits = {
  frontMax: 500,
  /**
   * Characters of one answer as the scorer compares them (grapheme clusters in lower case:
   * answer-text.ts), and its UTF-16 units: what a guess is scored against stays small.
   */
  answerMax: 100,
  answerUnitsMax: 400,
  answersMin: 1,
  answersMax: 20,
  /** Accepted variants of all the answers together (an answer splits on ; | and /). */
  variantsMax: 40,
  notesMax: 2000,
  /** Ids in one bulk move or bulk delete. */
  bulkIdsMax: 1000,
  /** Rows in one import (POST /api/cards/import); the cards issue asks for 50,000. */
  importMax: 50_000,
  /** Characters of the list's text filter. */
  queryMax: 200,
  listLimitMax: 200,
  listLimitDefault: 50,
} as const;
