import { useEffect } from 'react';

const appName = 'Glossa';

/**
 * "Glossa — <Screen>", the title of every page (the seed's "Home", "Privacy" and "Terms of use"
 * too): the app's name first, so a tab among many says whose it is, then the page.
 */
export function screenTitle(screen: string): string {
  return `${appName} — ${screen}`;
}

/** Sets document.title exactly to `title` while the component is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
