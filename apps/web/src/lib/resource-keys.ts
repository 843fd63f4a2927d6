/**
 * The first segment of every query key of a server resource. Features cache their own queries
 * under these prefixes, so a change made in one feature (a card created by quick add) refreshes
 * what another shows (the browse table) without either importing the other.
 */
export const resourceKeys = {
  cards: ['cards'] as const,
  categories: ['categories'] as const,
  /** Schedules and the review log: the queue, the dashboard's summary. A review changes them. */
  study: ['study'] as const,
  /** The invitations the learner received: the header's badge and the dashboard list them. */
  invitations: ['invitations'] as const,
  /**
   * Public decks: explore's list and previews, and the learner's joined ones (organize lists
   * them). Joining, leaving, publishing and copying change them.
   */
  explore: ['explore'] as const,
  /** The learner's sign-in sessions (settings lists them; a revocation elsewhere changes them). */
  sessions: ['auth', 'sessions'] as const,
  /** The admin area: users, feedback and its new count, the audit log (admins only). */
  admin: ['admin'] as const,
};
