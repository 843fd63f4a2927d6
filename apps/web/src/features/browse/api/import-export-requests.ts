import type { ExportFormat, ImportBody } from '@glossa/contract';
import { api } from '@glossa/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { resourceKeys } from '../../../lib/resource-keys';

/** POST /api/cards/import; a real import (not a dry run) refreshes cards and categories. */
export function useImportCards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportBody) => apiRequest(api.cards.import, { body }),
    onSuccess: async (result) => {
      if (result.dryRun) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: resourceKeys.cards }),
        queryClient.invalidateQueries({ queryKey: resourceKeys.categories }),
      ]);
    },
  });
}

/** GET /api/cards/export?format=…: all the learner's own cards, saved as a file. */
export function exportAllCards(format: ExportFormat): Promise<string> {
  return downloadFile(api.cards.export, { query: { format } }, `glossa-cards.${format}`);
}
