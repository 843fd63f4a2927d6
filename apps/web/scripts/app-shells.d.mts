// The types of what vite.config.ts takes from app-shells.mjs (a plain module run by Node).

/** What every /app page imports as it starts (source modules, relative to apps/web). */
export const appStart: readonly string[];
/** What each /app page imports as it starts beyond `appStart`, by page. */
export const pageStart: Readonly<Record<string, readonly string[]>>;
