import type { AnkiAnalyseBody, AnkiImportBody } from '@glossa/contract';
import { api } from '@glossa/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { resourceKeys } from '../../../lib/resource-keys';

/** POST /api/cards/import/anki/analyse: what an Anki package holds. */
export function useAnalyseAnki() {
  return useMutation({
    mutationFn: (body: AnkiAnalyseBody) => apiRequest(api.cards.ankiAnalyse, { body }),
  });
}

/** POST /api/cards/import/anki; refreshes cards and categories (and the study queue's cards). */
export function useImportAnki() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AnkiImportBody) => apiRequest(api.cards.ankiImport, { body }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: resourceKeys.cards }),
        queryClient.invalidateQueries({ queryKey: resourceKeys.categories }),
        queryClient.invalidateQueries({ queryKey: resourceKeys.study }),
      ]);
    },
  });
}
