import { cardLimits, type DuplicateQuery } from '@glossa/contract';
import { useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { duplicateCardsQueryOptions } from '../api/card-requests';

/** Wait this long after the last keystroke before asking. */
const duplicateCheckDelayMs = 300;

interface DuplicateInput {
  front: string;
  from: string;
  to: string;
  /** The category the card goes in ('' for none): its owner's cards are the ones compared. */
  categoryId: string;
  /** Off while the dialog is closed. */
  active: boolean;
}

/**
 * The cards that a new card with this front and pair would repeat (same front whatever its case,
 * accents or spacing), asked while typing; none while the front is empty or being typed.
 */
export function useDuplicateCards({ front, from, to, categoryId, active }: DuplicateInput) {
  const query: DuplicateQuery = {
    front: front.trim(),
    from,
    to,
    ...(categoryId ? { categoryId } : {}),
  };
  // Debounced as a string: a new object each render would restart the wait forever.
  const key = JSON.stringify(query);
  const settledKey = useDebouncedValue(key, duplicateCheckDelayMs);
  const settled = JSON.parse(settledKey) as DuplicateQuery;
  const usable =
    active &&
    settledKey === key &&
    settled.front !== '' &&
    settled.front.length <= cardLimits.frontMax &&
    from !== '' &&
    to !== '';
  const duplicates = useQuery({
    ...duplicateCardsQueryOptions(settled),
    enabled: usable,
    staleTime: 30_000,
    refetchOnWindowFocus: false,
    // Optional help: a failure shows nothing rather than an error.
    retry: false,
  });
  return usable ? (duplicates.data?.items ?? []) : [];
}
