import type { ComponentType } from 'react';
import { paths } from '../config/paths';
import HomePage from '../features/marketing/pages/home-page';
import PrivacyPage from '../features/marketing/pages/privacy-page';
import TermsPage from '../features/marketing/pages/terms-page';
import { screenTitle } from '../lib/use-document-title';

export interface PublicPage {
  /** The address the server answers with this page. */
  path: string;
  /** The file written under dist/prerendered/. */
  file: string;
  title: string;
  /** The page's meta description (what a search engine shows under the title). */
  description: string;
  Component: ComponentType;
}

/** The public pages prerendered at build time (decision 0031); the same components as the app's. */
export const publicPages: PublicPage[] = [
  {
    path: paths.home.path,
    file: 'home.html',
    title: screenTitle('Home'),
    description:
      'Learn the words and phrases of a language with cards: type your answers, see which letters were off, and let spaced repetition bring each card back in time.',
    Component: HomePage,
  },
  {
    path: paths.privacy.path,
    file: 'privacy.html',
    title: screenTitle('Privacy'),
    description:
      'What a Glossa server stores about you, why, for how long, and how to download or delete it.',
    Component: PrivacyPage,
  },
  {
    path: paths.termsOfUse.path,
    file: 'terms-of-use.html',
    title: screenTitle('Terms of use'),
    description:
      'The terms of using a Glossa server: your account, your cards, what you may share, and what the operator may do.',
    Component: TermsPage,
  },
];
