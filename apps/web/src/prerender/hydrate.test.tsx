import { i18n } from '@lingui/core';
import { QueryClient } from '@tanstack/react-query';
import { act, startTransition } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
// react-router's RouterProvider: the app's (react-router/dom) is the same with flushSync passed in.
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoot } from '../app/app-root';
import { routerInitialized, routes } from '../app/router';
import { releaseHeldSubmits } from '../lib/prerendered';
import { prerenderedAppPages, renderAppPage } from './render-app';

describe('the app hydrates its prerendered pages (decision 0031, ninth pass)', () => {
  let root: Root | null = null;
  let container: HTMLElement | null = null;
  // React's act() outside Testing Library's render.
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  beforeEach(() => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    // The router's scroll restoration; jsdom has no scrolling.
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    act(() => root?.unmount());
    container?.remove();
    root = null;
    container = null;
    i18n.activate('en');
    vi.restoreAllMocks();
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  });

  /**
   * The page's markup in the document, hydrated by the app as main.tsx does: its elements before,
   * and what React reported (a mismatch makes it draw the page anew, a recoverable error).
   */
  async function hydrate(path: string, html: string) {
    const page = document.createElement('div');
    page.innerHTML = html;
    container = document.body.appendChild(page);
    const before = Array.from(page.querySelectorAll('*'));
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    await routerInitialized(router);
    const errors: unknown[] = [];
    releaseHeldSubmits(page);
    await act(async () => {
      startTransition(() => {
        root = hydrateRoot(
          page,
          <AppRoot queryClient={new QueryClient()} prerendered>
            <RouterProvider router={router} />
          </AppRoot>,
          { onRecoverableError: (error) => errors.push(error) },
        );
      });
    });
    return { page, before, errors };
  }

  for (const { path } of prerenderedAppPages) {
    for (const locale of ['en', 'de'] as const) {
      it(`keeps every element of ${path} in ${locale}, with its ids, and enables its submit`, async () => {
        const html = await renderAppPage(path, locale);
        i18n.activate(locale);
        // In development React also logs an attribute the app renders otherwise.
        const logged = vi.spyOn(console, 'error');
        const { page, before, errors } = await hydrate(path, html);

        expect(errors).toEqual([]);
        expect(logged).not.toHaveBeenCalled();
        expect(before.length).toBeGreaterThan(20);
        expect(before.every((element) => element.isConnected)).toBe(true);
        const ids = before.map((element) => element.id).filter((id) => id !== '');
        expect(ids.length).toBeGreaterThan(0);
        expect(Array.from(page.querySelectorAll('[id]'), (element) => element.id)).toEqual(ids);
        const submits = Array.from(page.querySelectorAll('button[type="submit"]'));
        expect(submits.length).toBeGreaterThan(0);
        for (const submit of submits) expect(submit.hasAttribute('disabled')).toBe(false);
      });
    }
  }

  it('prefills the sign-up languages from the browser once it has hydrated the page', async () => {
    // Prerendered for no browser in particular: "I speak" English, "I'm learning" Spanish.
    const html = await renderAppPage('/signup', 'en');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'en']);
    const logged = vi.spyOn(console, 'error');
    const { page, before, errors } = await hydrate('/signup', html);
    expect(errors).toEqual([]);
    expect(logged).not.toHaveBeenCalled();
    expect(before.every((element) => element.isConnected)).toBe(true);
    const value = (name: string) =>
      page.querySelector<HTMLInputElement>(`input[type="hidden"][name="${name}"]`)?.value;
    expect(value('toLanguageCode')).toBe('de');
    expect(value('defaultFromLanguageCode')).toBe('en');
  });
});
