import { isInterfaceLocale } from '@glossa/contract/locales';
import {
  messageCatalog,
  type MessageCatalog,
  type TranslatedLocale,
} from '@glossa/contract/messages';
import { useLingui } from '@lingui/react';
import { useEffect, useState } from 'react';

/*
 * The contract's messages in the interface's language (decision 0037's addendum). The contract's
 * schemas and parsers say their messages in English, as the server's services do; the server
 * translates its error envelopes with the contract's tables (packages/contract/src/messages), and
 * the web uses the same lookup and the same table of the interface's language: through
 * formResolver (form-resolver.ts) for every form's check, through `useContractMessages` or
 * `contractMessages` for a message shown outside one (imported from form-resolver.ts too, so that
 * this module shares its chunk rather than being a file more to fetch). Each language's table is a chunk of its
 * own, loaded with the first form's check (after the first paint: this module comes with zod), so
 * no page loads it before it shows and no learner loads another language's.
 */

const tables: Record<
  TranslatedLocale,
  () => Promise<{ translations: Readonly<Record<string, string>> }>
> = {
  es: () => import('@glossa/contract/messages/es'),
  fr: () => import('@glossa/contract/messages/fr'),
  de: () => import('@glossa/contract/messages/de'),
};

const catalogs = new Map<TranslatedLocale, Promise<MessageCatalog>>();

/**
 * The catalog of a language, loaded once; undefined in English (the source), in the right-to-left
 * pseudo-locale, and when the table cannot be loaded (offline: tried again the next time, the
 * messages show in English meanwhile). A message the table does not have (the web's own, already
 * translated by Lingui) is kept as it is.
 */
export async function contractMessages(locale: string): Promise<MessageCatalog | undefined> {
  if (!isInterfaceLocale(locale) || locale === 'en') return undefined;
  let catalog = catalogs.get(locale);
  if (!catalog) {
    catalog = tables[locale]().then(({ translations }) => messageCatalog(translations, locale));
    catalogs.set(locale, catalog);
  }
  try {
    return await catalog;
  } catch {
    catalogs.delete(locale);
    return undefined;
  }
}

const asIs = (message: string) => message;

/**
 * For a component that shows a contract's message outside a form's check: the translation in the
 * interface's language, once its table has loaded (the English until then).
 */
export function useContractMessages(): (message: string) => string {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const [loaded, setLoaded] = useState<{ locale: string; catalog: MessageCatalog | undefined }>();
  useEffect(() => {
    let live = true;
    void contractMessages(locale).then((catalog) => {
      if (live) setLoaded({ locale, catalog });
    });
    return () => {
      live = false;
    };
  }, [locale]);
  return (loaded?.locale === locale && loaded.catalog?.translate) || asIs;
}
