import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { PublicLayout } from '../app/routes/public-layout';
import { SkipLink } from '../app/routes/root-layout';
import { publicPages, type PublicPage } from './public-pages';
// Last, as in main.tsx: the public pages' CSS is the app's, in the app's order.
import '../styles/global.css';
// The public pages are prerendered once, in the source language (decision 0037).
import { messages } from '../locales/en/messages.po';

i18n.load('en', messages);
i18n.activate('en');

export { publicPages };

/**
 * The markup of one public page inside #root, signed out: what the app's router shows at that
 * address (the root layout's skip link, the public layout, the page), as a string.
 */
export function renderPublicPage(page: PublicPage): string {
  return renderToString(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <StaticRouter location={page.path}>
          <SkipLink />
          <Routes>
            <Route element={<PublicLayout />}>
              <Route path={page.path} element={<page.Component />} />
            </Route>
          </Routes>
        </StaticRouter>
      </I18nProvider>
    </StrictMode>,
  );
}
