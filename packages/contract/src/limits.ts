/**
 * How much one learner may own or do, whatever the plan (docs/limits.md says why each number).
 * Crossing one answers 409 `conflict` naming the limit in `issues`; the plan limits of a free plan
 * (billing on, `freePlanLimits` in subscription.ts) sit below these and answer 402 `plan_limit`.
 */
export const ownerLimits = {
  /** Categories one owner has, at every depth (sub-categories made by editors count for the owner). */
  categoriesMax: 2_000,
  /** Cards one owner has. */
  cardsMax: 100_000,
  /** Members of one category (the owner not counted), invitations waiting included. */
  membersPerCategoryMax: 200,
  /** Invitations one owner sends per rolling 24 hours. */
  invitationsPerDayMax: 50,
  /** Feedback messages one learner sends per rolling 24 hours. */
  feedbackPerDayMax: 20,
  /** Sign-in sessions one learner keeps open; a sign-in past it ends the least recently used. */
  sessionsMax: 50,
  /** Public decks one learner joins (studies with their own schedule, docs/decisions/0022). */
  joinedDecksMax: 100,
} as const;

/** Bounds of requests themselves, before any schema runs. */
export const requestLimits = {
  /** Nesting of arrays and objects in a JSON body; deeper bodies are refused before any walk. */
  jsonDepthMax: 32,
  /** Entries of an error list in one answer (an import's bad rows); the rest are counted. */
  errorListMax: 100,
} as const;

/**
 * How often one account, or one e-mail address, may change the account and make the app send
 * mail (decision 0017); past it a call answers 429 `rate_limited` with Retry-After. Counted in the
 * database, so every instance shares the count.
 */
export const accountRateLimits = {
  /** POST /api/user/edit per account (settings, username, e-mail, password). */
  editsPerUser: { max: 30, windowSeconds: 10 * 60 },
  /** Calls that mail for an account: e-mail change and its resend, verification resend. */
  mailsPerUser: { max: 5, windowSeconds: 60 * 60 },
  /**
   * Calls that mail an address given in the body: sign-up, forgotten password, the new address of
   * an e-mail change. Counted whether or not the address has an account, so the answer tells
   * nothing about it.
   */
  mailsPerAddress: { max: 5, windowSeconds: 60 * 60 },
} as const;

/**
 * Bounds of an Anki package (POST /api/cards/import/anki and its analyse call, decision 0035),
 * checked before and while it is read, so that no file makes the server read, inflate or hold more
 * than this whatever its headers say.
 */
export const ankiImportLimits = {
  /** Bytes of the .apkg or .colpkg itself. */
  packageBytesMax: 64 * 1024 * 1024,
  /** Members of the zip (media files are members, counted but never inflated). */
  entriesMax: 100_000,
  /** Bytes of the collection once inflated (and once zstd-decoded, for collection.anki21b). */
  collectionBytesMax: 256 * 1024 * 1024,
  /** Inflated bytes per compressed byte, for a collection above 1 MiB (a zip bomb's ratio). */
  compressionRatioMax: 100,
  /** Notes of one package (each may make several cards: clozes). */
  notesMax: 50_000,
  /** Review log rows read from one package. */
  reviewsMax: 1_000_000,
  /** Note types of one package. */
  noteTypesMax: 200,
  /** Fields of one note type. */
  fieldsMax: 50,
  /** Decks of one package. */
  decksMax: 2_000,
  /** Notes shown per note type by the analyse call. */
  previewNotes: 3,
} as const;
