import type {
  CreateCardBody,
  DetectBody,
  DuplicateQuery,
  TranslateBody,
  UpdateCardBody,
} from '@glossa/contract';
import { api } from '@glossa/contract/routes';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { resourceKeys } from '../../../lib/resource-keys';

const cardQueryKey = (id: string) => [...resourceKeys.cards, 'one', id] as const;

/** GET /api/cards/{id} */
export function cardQueryOptions(id: string) {
  return queryOptions({
    queryKey: cardQueryKey(id),
    queryFn: ({ signal }) => apiRequest(api.cards.get, { params: { id }, signal }),
  });
}

/**
 * GET /api/cards/duplicates: the cards with this front and pair already there. Under the cards'
 * key, so a card created or changed anywhere refreshes it.
 */
export function duplicateCardsQueryOptions(query: DuplicateQuery) {
  return queryOptions({
    queryKey: [...resourceKeys.cards, 'duplicates', query] as const,
    queryFn: ({ signal }) => apiRequest(api.cards.duplicates, { query, signal }),
  });
}

/** POST /api/cards */
export function useCreateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCardBody) => apiRequest(api.cards.create, { body }),
    onSuccess: () => {
      // Lists and category counts change with a new card. They refresh in the background: the
      // card is saved once the POST answers, and quick add must not wait for a list to reload.
      void queryClient.invalidateQueries({ queryKey: resourceKeys.cards });
      void queryClient.invalidateQueries({ queryKey: resourceKeys.categories });
    },
  });
}

/**
 * PATCH /api/cards/{id}, with the version the change was made from (expectedVersion): a card
 * changed elsewhere since answers 409 and is left as it is (isStaleVersion).
 */
export function useUpdateCard(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCardBody) => apiRequest(api.cards.update, { params: { id }, body }),
    onSuccess: async (card) => {
      queryClient.setQueryData(cardQueryOptions(id).queryKey, card);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: resourceKeys.cards }),
        queryClient.invalidateQueries({ queryKey: resourceKeys.categories }),
      ]);
    },
  });
}

/** The card as the server has it now, whatever the cache holds (after a 409 of a stale edit). */
export function useReloadCard(id: string) {
  const queryClient = useQueryClient();
  return () => queryClient.fetchQuery({ ...cardQueryOptions(id), staleTime: 0 });
}

/** DELETE /api/cards/{id} */
export function useDeleteCard(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(api.cards.delete, { params: { id } }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: cardQueryOptions(id).queryKey });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: resourceKeys.cards }),
        queryClient.invalidateQueries({ queryKey: resourceKeys.categories }),
      ]);
    },
  });
}

/** POST /api/languages/detect: which of the candidates the text is in (409 when turned off). */
export function detectLanguage(body: DetectBody, signal?: AbortSignal) {
  return apiRequest(api.languages.detect, { body, signal });
}

/** POST /api/translate: answers of matching cards, then the translation service's. */
export function translateText(body: TranslateBody, signal?: AbortSignal) {
  return apiRequest(api.translate.suggest, { body, signal });
}
