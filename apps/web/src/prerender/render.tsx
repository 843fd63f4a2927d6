import { i18n, type Messages } from '@lingui/core';
import { renderToString } from 'react-dom/server';
import { interfaceLocales, type InterfaceLocale } from '@glossa/contract/locales';
import { publicScriptTexts } from '../features/marketing/page-texts';
import { screenTitle } from '../lib/use-document-title';
import { PublicLayoutTree } from './public-layout-tree';
import { publicPages, type PublicPage } from './public-pages';
// Last, as in main.tsx: the public pages' CSS is the app's, in the app's order.
import '../styles/global.css';

// The shell's catalogs (header, footer) and the marketing feature's (the pages), in every
// interface language: each public page is prerendered once per language (decision 0037). The
// right-to-left pseudo-locale is not among them: it is never offered.
const shellCatalogs = import.meta.glob<Messages>('../locales/*/messages.po', {
  eager: true,
  import: 'messages',
});
const marketingCatalogs = import.meta.glob<Messages>('../features/marketing/locales/*.po', {
  eager: true,
  import: 'messages',
});

for (const locale of interfaceLocales) {
  const shell = shellCatalogs[`../locales/${locale}/messages.po`];
  const marketing = marketingCatalogs[`../features/marketing/locales/${locale}.po`];
  if (!shell || !marketing)
    throw new Error(`The ${locale} catalogs of the public pages are missing`);
  i18n.load(locale, { ...shell, ...marketing });
}

export { interfaceLocales, publicPages };

/** What the prerender writes into the page's head for that language. */
export function pageHead(page: PublicPage, locale: InterfaceLocale) {
  i18n.activate(locale);
  return {
    title: screenTitle(i18n._(page.title)),
    description: i18n._(page.description),
    /** The public script's words (src/public/main.ts), as data-* attributes of <html>. */
    scriptTexts: {
      'open-app': i18n._(publicScriptTexts.openApp),
      'to-light-theme': i18n._(publicScriptTexts.toLightTheme),
      'to-dark-theme': i18n._(publicScriptTexts.toDarkTheme),
    },
  };
}

/**
 * The markup of one public page inside #root, signed out, in one language: what the app's router
 * shows at that address (the root layout's skip link, the public layout, the page), as a string.
 */
export function renderPublicPage(page: PublicPage, locale: InterfaceLocale): string {
  i18n.activate(locale);
  return renderToString(<PublicLayoutTree path={page.path} Page={page.Component} />);
}
