// The quick search palette (quick-search.tsx opens it).
import { searchLimits } from '@glossa/contract/values';
import type { SearchResults } from '@glossa/contract';
import { searchTerms } from '@glossa/srs';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '../../../components/dialog';
import { paths } from '../../../config/paths';
import { useHelpHits } from '../../../lib/help-search';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import exploreStyles from '../../explore/explore.module.css';
import { searchQueryOptions } from '../api/search-requests';
import { CardHitText, CategoryHitText, resultsSummary } from './search-results';
import styles from './quick-search.module.css';

/** Results of each kind the palette shows; the search page has the rest. */
const paletteLimit = 5;

interface Option {
  key: string;
  href: string;
  render: React.ReactNode;
  group: 'Categories' | 'Cards' | 'Help' | '';
}

/** The words over each group of options. */
const groupLabels: Record<Exclude<Option['group'], ''>, MessageDescriptor> = {
  Categories: msg`Categories`,
  Cards: msg`Cards`,
  Help: msg`Help`,
};

/** The palette's dialog, loaded with the first opening (decision 0031). */
export function QuickSearchDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
  typedAhead,
  onReady,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onCloseAutoFocus(event: Event): void;
  /** What the learner typed while the palette loaded: its search box starts with it. */
  typedAhead(): string;
  /** The search box is there: typing goes to it from now on. */
  onReady(): void;
}) {
  const { t } = useLingui();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="md"
      title={t`Quick search`}
      description={t`Your cards and categories, those shared with you, and the help. ↑ ↓ choose, Enter opens, Esc closes.`}
      onOpenAutoFocus={(event) => {
        // Straight into the search box, not the close button.
        event.preventDefault();
        const content = event.currentTarget as HTMLElement | null;
        content?.querySelector<HTMLInputElement>('[role="combobox"]')?.focus();
      }}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <Palette close={() => onOpenChange(false)} typedAhead={typedAhead} onReady={onReady} />
    </Dialog>
  );
}

/** The results' summary with the help found ("2 cards and 1 category, 2 help articles."). */
function withHelp(results: SearchResults, count: number): string {
  const summary = resultsSummary(results);
  if (count === 0) return t`${summary}.`;
  const help = plural(count, { one: '# help article', other: '# help articles' });
  const nothing = results.cards.items.length === 0 && results.categories.items.length === 0;
  return nothing ? t`${help}.` : t`${summary}, ${help}.`;
}

function Palette({
  close,
  typedAhead,
  onReady,
}: {
  close(): void;
  typedAhead(): string;
  onReady(): void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const navigate = useNavigate();
  const [q, setQ] = useState(typedAhead);
  useEffect(onReady, [onReady]);
  const typed = useDebouncedValue(q, 150);
  const terms = useMemo(() => searchTerms(typed), [typed]);
  const search = useQuery({
    ...searchQueryOptions({
      q: typed,
      scope: 'mine',
      language: '',
      categoryId: '',
      limit: paletteLimit,
    }),
    placeholderData: keepPreviousData,
  });
  const ready = terms.length > 0 && search.data !== undefined;
  // Help articles are found on this device, from the wiki's index (loaded on the first search).
  const help = useHelpHits(terms.length > 0 ? typed : '', paletteLimit);
  const options = useMemo<Option[]>(() => {
    if (terms.length === 0 || (!ready && help.length === 0)) return [];
    const query = typed.trim();
    const found = ready && search.data ? search.data : null;
    return [
      ...(found?.categories.items ?? []).map((category) => ({
        key: `category-${category.id}`,
        href: paths.app.organizeCategory.getHref(category.id),
        group: 'Categories' as const,
        render: <CategoryHitText category={category} terms={terms} />,
      })),
      ...(found?.cards.items ?? []).map((card) => ({
        key: `card-${card.id}`,
        href: paths.app.card.getHref(card.id),
        group: 'Cards' as const,
        render: <CardHitText card={card} terms={terms} />,
      })),
      ...help.map((hit) => ({
        key: `help-${hit.href}`,
        href: hit.href,
        group: 'Help' as const,
        render: (
          <span lang={hit.lang}>
            {hit.section ? `${hit.article} › ${hit.section}` : hit.article}
            <span className={styles.helpExcerpt}>{hit.excerpt}</span>
          </span>
        ),
      })),
      {
        key: 'all',
        href: paths.app.search.getHref(typed.trim()),
        group: '' as const,
        render: <span>{t`Every result for “${query}”`}</span>,
      },
    ];
  }, [ready, search.data, terms, typed, help, t]);
  // The chosen result, back to the first whenever the results change.
  const [picked, setPicked] = useState<{ among: Option[]; index: number }>({
    among: options,
    index: 0,
  });
  const active = picked.among === options ? picked.index : 0;
  const setActive = (update: (index: number) => number) =>
    setPicked({ among: options, index: update(active) });
  useEffect(() => {
    document.getElementById(`${id}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [id, active]);

  const go = (option: Option | undefined) => {
    if (!option) return;
    close();
    void navigate(option.href);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (options.length > 0) go(options[active]);
      else if (q.trim()) {
        go({ key: 'all', href: paths.app.search.getHref(q.trim()), group: '', render: null });
      }
    }
  };

  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  let status = '';
  if (terms.length === 0) status = t`Type to search.`;
  else if (search.isError) status = t`The search could not be made.`;
  else if (search.data) status = withHelp(search.data, help.length);
  else status = t`Searching…`;

  return (
    <div className={styles.palette}>
      <input
        type="search"
        className={exploreStyles.input}
        role="combobox"
        aria-label={t`Search`}
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={options.length > 0 ? optionId(active) : undefined}
        placeholder={t`A word, the start of one, or a part of it`}
        maxLength={searchLimits.queryMax}
        autoComplete="off"
        value={q}
        onChange={(event) => setQ(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <p className={styles.status} role="status">
        {status}
      </p>
      <ul id={listId} role="listbox" aria-label={t`Results`} className={styles.listbox}>
        {options.map((option, index) => {
          const group = option.group !== options[index - 1]?.group ? option.group : '';
          const label = group ? i18n._(groupLabels[group]) : '';
          return (
            <li key={option.key} role="presentation">
              {label ? (
                <p className={styles.groupLabel} aria-hidden="true">
                  {label}
                </p>
              ) : null}
              <div
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={styles.option}
                onMouseDown={(event) => event.preventDefault()}
                tabIndex={-1}
                onMouseMove={() => {
                  if (index !== active) setActive(() => index);
                }}
                onClick={() => go(option)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') go(option);
                }}
              >
                {option.render}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
