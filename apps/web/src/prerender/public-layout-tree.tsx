import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { StrictMode, type ComponentType } from 'react';
import { Route, Routes, StaticRouter } from 'react-router';
import { PublicLayout } from '../app/routes/public-layout';
import { SkipLink } from '../app/routes/root-layout';

/**
 * What the app's router shows at a public address, signed out, in the active language: the root
 * layout's skip link, the public layout and the page. The public pages' prerenderer renders it
 * (render.tsx); these pages are not hydrated. The app's own prerendered pages, which are, come from
 * the app's own tree and routes (render-app.tsx).
 */
export function PublicLayoutTree({ path, Page }: { path: string; Page: ComponentType }) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <StaticRouter location={path}>
          <SkipLink />
          <Routes>
            <Route element={<PublicLayout />}>
              <Route path={path} element={<Page />} />
            </Route>
          </Routes>
        </StaticRouter>
      </I18nProvider>
    </StrictMode>
  );
}
