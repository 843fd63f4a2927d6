import fs from 'node:fs';
import path from 'node:path';
import { api } from '@glossa/contract';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import ts from 'typescript';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { partCatalogs, sharedComponentCatalogs, shellFeatureFiles } from '../../../lingui.config';
import { fakeApi, ok } from '../../test/fake-api';
import { categoryTree, stubResizeObserver, userFixture } from '../../test/render';
import { makeTokenPair } from '../../test/tokens';

// The app layout shows on every /app page: what it renders at first paint (quick add's and quick
// search's buttons, the review outbox's sync) is in the shell's catalog (lingui.config.ts), so the
// layout loads no feature catalog; quick add's dialog and quick search's palette load theirs
// (card, search) with their code (decision 0037).
//
// The web tests' files share their modules (vitest.config.ts): an earlier file may have loaded
// quick add's dialog, and so the card catalog, already. This file imports the app afresh, so
// which catalogs it asks for is its own: lib/i18n.ts's list of loaded features starts empty and
// the lazy parts load again. (Lingui's `i18n` is shared: an earlier file may have loaded German
// messages of a feature, so the texts alone would not show which catalogs were asked for.)

const account = {
  emailVerified: true,
  role: 'user' as const,
  plan: 'premium' as const,
  createdAt: '2025-01-01T00:00:00.000Z',
  pendingEmail: null,
};

/** The app's modules, imported afresh for each test. */
async function importApp() {
  vi.resetModules();
  const [router, provider, locale, session, appState, queryClient] = await Promise.all([
    import('../router'),
    import('../provider'),
    import('../../lib/i18n'),
    import('../../lib/session'),
    import('../../lib/app-state'),
    import('../../lib/query-client'),
  ]);
  return { ...router, ...provider, ...locale, ...session, ...appState, ...queryClient };
}

let app: Awaited<ReturnType<typeof importApp>>;

/** The /app route of the app's router. */
function appRoute(): RouteObject {
  const found = app.routes[0]?.children?.find((route) => route.path === '/app');
  if (!found) throw new Error('No /app route');
  return found;
}

function renderApp(path: string) {
  const router = createMemoryRouter(app.routes, { initialEntries: [path] });
  render(
    <app.AppProvider queryClient={app.createQueryClient()}>
      <RouterProvider router={router} />
    </app.AppProvider>,
  );
  return router;
}

// The first visit of a lazy route transforms its modules, which is slow on a cold cache.
const slow = { timeout: 8000 };

describe('the app layout in the learner’s language', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    vi.stubGlobal('scrollTo', vi.fn());
    stubResizeObserver();
    app = await importApp();
    // As main.tsx does on a device whose language is German.
    await app.activateLocale('de');
    app.saveSession(makeTokenPair());
    fakeApi()
      .on(api.user.info, () => ok({ ...userFixture, locale: 'de' }))
      .on(api.user.account, () => ok(account))
      .on(api.categories.tree, () => ok(categoryTree([])))
      .on(api.invitations.list, () => ok({ items: [] }));
  });

  afterEach(async () => {
    vi.unstubAllGlobals();
    await app.activateLocale('en');
    app.resetAppStateForTests();
  });

  it('loads no feature catalog with the /app route', async () => {
    const lazy = appRoute().lazy;
    if (typeof lazy !== 'function') throw new Error('The /app route is not lazy');
    await lazy();
    expect(app.loadedFeatureCatalogs()).toEqual([]);
  });

  it('renders its buttons translated from the shell’s catalog alone', async () => {
    renderApp('/app/nothing-here');
    const newCard = await screen.findByRole('button', { name: 'Neue Karte' }, slow);
    expect(screen.getByRole('button', { name: 'Suchen' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeTruthy();
    expect(newCard.getAttribute('aria-keyshortcuts')).toBe('n');
    // The header shows without card's and study's catalogs; search's may come once the page has
    // shown, with the palette's code (quick search loads it ahead of its first opening).
    expect(app.loadedFeatureCatalogs()).not.toContain('card');
    expect(app.loadedFeatureCatalogs()).not.toContain('study');
  });

  it('opens quick add with its dialog translated: the card catalog loads with its code', async () => {
    const user = userEvent.setup();
    renderApp('/app/nothing-here');
    await user.click(await screen.findByRole('button', { name: 'Neue Karte' }, slow));
    // The card editor's fields, from the card feature's German catalog.
    expect(await screen.findByRole('textbox', { name: 'Vorderseite' }, slow)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Antworten' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Front' })).toBeNull();
    expect(app.loadedFeatureCatalogs()).toContain('card');
    expect(app.loadedFeatureCatalogs()).not.toContain('study');
  });

  it('opens quick search with its palette translated: the search catalog loads with its code', async () => {
    const user = userEvent.setup();
    renderApp('/app/nothing-here');
    await user.click(await screen.findByRole('button', { name: 'Suchen' }, slow));
    // The palette's title, from the search feature's German catalog.
    expect(await screen.findByRole('dialog', { name: 'Schnellsuche' }, slow)).toBeTruthy();
    expect(app.loadedFeatureCatalogs()).toContain('search');
    expect(app.loadedFeatureCatalogs()).not.toContain('card');
  });

  it('opens the feedback dialog translated: its own catalog loads with its code', async () => {
    renderApp('/app/nothing-here');
    await screen.findByRole('button', { name: 'Neue Karte' }, slow);
    expect(app.loadedFeatureCatalogs()).not.toContain('feedback');
    act(() => app.setFeedbackDialogVisible(true));
    // The dialog's title, from the feedback part's German catalog.
    expect(await screen.findByRole('dialog', { name: 'Rückmeldung senden' }, slow)).toBeTruthy();
    expect(app.loadedFeatureCatalogs()).toContain('feedback');
  });

  it('switches the layout and an opened dialog to another language together', async () => {
    const user = userEvent.setup();
    renderApp('/app/nothing-here');
    await user.click(await screen.findByRole('button', { name: 'Neue Karte' }, slow));
    await screen.findByRole('textbox', { name: 'Vorderseite' }, slow);
    await app.activateLocale('fr');
    // The card catalog, loaded with the dialog, is loaded again in French.
    expect(await screen.findByRole('textbox', { name: 'Recto' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nouvelle carte', hidden: true })).toBeTruthy();
    await waitFor(() => expect(app.i18n.locale).toBe('fr'));
  });
});

describe('the shell catalog’s feature files (lingui.config.ts)', () => {
  const web = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');

  /** The files a module imports statically (type-only imports aside), resolved; CSS left out. */
  function staticImports(file: string): string[] {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    const specifiers = source.statements.flatMap((statement) => {
      if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly)
        return [statement.moduleSpecifier];
      if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly)
        return [statement.moduleSpecifier];
      return [];
    });
    return specifiers
      .filter(ts.isStringLiteral)
      .map((specifier) => specifier.text)
      .filter((specifier) => specifier.startsWith('.'))
      .flatMap((specifier) => {
        const base = path.resolve(path.dirname(file), specifier);
        const found = ['.ts', '.tsx', '/index.ts', '/index.tsx']
          .map((ending) => base + ending)
          .find((candidate) => fs.existsSync(candidate));
        return found ? [found] : [];
      });
  }

  /** The files (relative to apps/web) the given files import statically, themselves included. */
  function reachedFrom(...files: string[]): string[] {
    const reached = new Set<string>();
    const visit = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const imported of staticImports(file)) visit(imported);
    };
    for (const file of files) visit(path.join(web, file));
    return [...reached].map((file) => path.relative(web, file)).sort();
  }

  /** The source files (tests aside) under a folder of apps/web, or the file itself. */
  function sourceFiles(folder: string): string[] {
    const full = path.join(web, folder);
    if (!fs.statSync(full).isDirectory()) return [folder];
    return fs
      .readdirSync(full, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.|test-support/.test(file))
      .map((file) => path.join(folder, file));
  }

  const sharedFiles = Object.keys(sharedComponentCatalogs);
  const partFiles = Object.values(partCatalogs).flatMap((folders) => folders.flatMap(sourceFiles));
  const shellReach = reachedFrom('src/main.tsx', 'src/app/routes/app-layout.tsx');

  it('holds every feature file the entry and the app layout import statically', () => {
    const features = shellReach.filter((file) => file.startsWith('src/features/'));
    expect(features).toEqual([...shellFeatureFiles].sort());
  });

  it('leaves out the shared components and lazy parts the shell never shows at first', () => {
    expect(
      shellReach.filter((file) => sharedFiles.includes(file) || partFiles.includes(file)),
    ).toEqual([]);
  });

  it('lists, for each shared component, every feature and part that shows it', () => {
    const catalogs = [
      ...fs.readdirSync(path.join(web, 'src/features')).map((feature) => ({
        name: feature,
        files: sourceFiles(`src/features/${feature}`).filter((file) => !partFiles.includes(file)),
      })),
      ...Object.entries(partCatalogs).map(([name, folders]) => ({
        name,
        files: folders.flatMap(sourceFiles),
      })),
    ];
    for (const { name, files } of catalogs) {
      // What the catalog's files show, its parts' files aside (they bring their own catalogs).
      const reached = reachedFrom(...files).filter(
        (file) => files.includes(file) || !partFiles.includes(file),
      );
      const shown = reached.filter((file) => sharedFiles.includes(file));
      const listed = sharedFiles.filter((file) => sharedComponentCatalogs[file]?.includes(name));
      expect({ name, shown }).toEqual({ name, shown: listed });
    }
  });

  it('has the router load a page’s own catalog with the page', () => {
    const router = fs.readFileSync(path.join(web, 'src/app/router.tsx'), 'utf8');
    for (const [name, folders] of Object.entries(partCatalogs)) {
      for (const file of folders.flatMap(sourceFiles)) {
        const module = `../${file.replace(/^src\//, '').replace(/\.tsx?$/, '')}`;
        const call = new RegExp(
          `import\\('${module.replace(/[.]/g, '\\.')}'\\)((?:,\\s*'[^']+')*),?\\s*\\)`,
        );
        const found = call.exec(router);
        // A page: the router's call names its catalog beside its feature's.
        if (file.includes('/pages/')) expect(found?.[1], file).toContain(`'${name}'`);
      }
    }
  });

  it('loads each part only by a dynamic import', () => {
    // The build's prerenderers (src/prerender/) are no part of the app's bundle: they render the
    // pages with every catalog loaded at once.
    const outside = sourceFiles('src').filter(
      (file) => !partFiles.includes(file) && !file.startsWith('src/prerender/'),
    );
    const importsOfParts = outside.flatMap((file) =>
      staticImports(path.join(web, file))
        .map((imported) => path.relative(web, imported))
        .filter((imported) => partFiles.includes(imported))
        .map((imported) => `${file} → ${imported}`),
    );
    expect(importsOfParts).toEqual([]);
  });
});
