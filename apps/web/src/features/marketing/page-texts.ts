import { msg } from '@lingui/core/macro';

/**
 * The public pages' titles and meta descriptions (what a search engine shows under the title),
 * read by the pages and by the prerender (src/prerender/public-pages.tsx), in each interface
 * language (decision 0037).
 */
export const pageTexts = {
  home: {
    title: msg`Home`,
    description: msg`Learn the words and phrases of a language with cards: type your answers, see which letters were off, and let spaced repetition bring each card back in time.`,
  },
  privacy: {
    title: msg`Privacy`,
    description: msg`What a Glossa server stores about you, why, for how long, and how to download or delete it.`,
  },
  terms: {
    title: msg`Terms of use`,
    description: msg`The terms of using a Glossa server: your account, your cards, what you may share, and what the operator may do.`,
  },
};

/**
 * The words the public pages' own script writes (src/public/main.ts, built without Lingui): the
 * prerender puts them, translated, on the page's <html> element for it to read.
 */
export const publicScriptTexts = {
  openApp: msg`Open app`,
  toLightTheme: msg`Switch to the light theme`,
  toDarkTheme: msg`Switch to the dark theme`,
};
