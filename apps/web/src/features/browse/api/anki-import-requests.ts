import type { AnkiAnalyseBody, AnkiImportBody } from '@glossa/contract';
import { api } from '@glossa/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type UploadProgress } from '../../../lib/api-client';
import { resourceKeys } from '../../../lib/resource-keys';

/** A call that sends a package: its body, and what to tell of its sending. */
interface PackageCall<B> {
  body: B;
  onUploadProgress?: UploadProgress;
}

/** POST /api/cards/import/anki/analyse: what an Anki package holds. */
export function useAnalyseAnki() {
  return useMutation({
    mutationFn: ({ body, onUploadProgress }: PackageCall<AnkiAnalyseBody>) =>
      apiRequest(api.cards.ankiAnalyse, {
        body,
        ...(onUploadProgress ? { onUploadProgress } : {}),
      }),
  });
}

/** POST /api/cards/import/anki; refreshes cards and categories (and the study queue's cards). */
export function useImportAnki() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, onUploadProgress }: PackageCall<AnkiImportBody>) =>
      apiRequest(api.cards.ankiImport, { body, ...(onUploadProgress ? { onUploadProgress } : {}) }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: resourceKeys.cards }),
        queryClient.invalidateQueries({ queryKey: resourceKeys.categories }),
        queryClient.invalidateQueries({ queryKey: resourceKeys.study }),
      ]);
    },
  });
}
