import { useEffect } from 'react';

const appName = 'Glossa';

/** "<Screen> · Glossa", the title of every screen but Home, Privacy and Terms of use. */
export function screenTitle(screen: string): string {
  return `${screen} · ${appName}`;
}

/** Sets document.title exactly to `title` while the component is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
