import type { MessageDescriptor } from '@lingui/core';
import type { ComponentType } from 'react';
import { paths } from '../config/paths';
import { pageTexts } from '../features/marketing/page-texts';
import HomePage from '../features/marketing/pages/home-page';
import PrivacyPage from '../features/marketing/pages/privacy-page';
import TermsPage from '../features/marketing/pages/terms-page';

export interface PublicPage {
  /** The address the server answers with this page. */
  path: string;
  /** The file written under dist/prerendered/<locale>/. */
  file: string;
  title: MessageDescriptor;
  /** The page's meta description (what a search engine shows under the title). */
  description: MessageDescriptor;
  Component: ComponentType;
}

/**
 * The public pages prerendered at build time (decision 0031), once per interface language
 * (decision 0037); the same components as the app's.
 */
export const publicPages: PublicPage[] = [
  { path: paths.home.path, file: 'home.html', ...pageTexts.home, Component: HomePage },
  { path: paths.privacy.path, file: 'privacy.html', ...pageTexts.privacy, Component: PrivacyPage },
  {
    path: paths.termsOfUse.path,
    file: 'terms-of-use.html',
    ...pageTexts.terms,
    Component: TermsPage,
  },
];
