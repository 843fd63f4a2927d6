import {
  cardSchema,
  categoryTreeSchema,
  detectResultSchema,
  emptyPayloadSchema,
  translateResultSchema,
  type CreateCardBody,
  type DetectBody,
  type TranslateBody,
  type UpdateCardBody,
} from '@glossa/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { resourceKeys } from '../../../lib/resource-keys';

export const cardQueryKey = (id: string) => [...resourceKeys.cards, 'one', id] as const;
const categoriesQueryKey = [...resourceKeys.categories, 'tree'] as const;

function cardPath(id: string): string {
  return `/api/cards/${encodeURIComponent(id)}`;
}

/** GET /api/cards/{id} */
export function cardQueryOptions(id: string) {
  return queryOptions({
    queryKey: cardQueryKey(id),
    queryFn: ({ signal }) => apiRequest('GET', cardPath(id), { schema: cardSchema, signal }),
  });
}

/** GET /api/categories: the flat category tree (own and shared). */
export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: categoriesQueryKey,
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/categories', { schema: categoryTreeSchema, signal }),
    select: (tree) => tree.items,
  });
}

/** POST /api/cards */
export function useCreateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCardBody) =>
      apiRequest('POST', '/api/cards', { body, schema: cardSchema }),
    onSuccess: () => {
      // Lists and category counts change with a new card. They refresh in the background: the
      // card is saved once the POST answers, and quick add must not wait for a list to reload.
      void queryClient.invalidateQueries({ queryKey: resourceKeys.cards });
      void queryClient.invalidateQueries({ queryKey: resourceKeys.categories });
    },
  });
}

/** PATCH /api/cards/{id} */
export function useUpdateCard(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCardBody) =>
      apiRequest('PATCH', cardPath(id), { body, schema: cardSchema }),
    onSuccess: async (card) => {
      queryClient.setQueryData(cardQueryOptions(id).queryKey, card);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: resourceKeys.cards }),
        queryClient.invalidateQueries({ queryKey: resourceKeys.categories }),
      ]);
    },
  });
}

/** DELETE /api/cards/{id} */
export function useDeleteCard(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('DELETE', cardPath(id), { schema: emptyPayloadSchema }),
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
  return apiRequest('POST', '/api/languages/detect', { body, schema: detectResultSchema, signal });
}

/** POST /api/translate: answers of matching cards, then the translation service's. */
export function translateText(body: TranslateBody, signal?: AbortSignal) {
  return apiRequest('POST', '/api/translate', { body, schema: translateResultSchema, signal });
}
