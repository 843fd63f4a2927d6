import { api } from '@glossa/contract/routes';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { resourceKeys } from '../../../lib/resource-keys';

/**
 * An answer changes the invitations; accepting also brings a category and its cards into the
 * tree, the card lists and the study queue. A refused answer (cancelled meanwhile) refreshes the
 * list too, so it no longer offers what cannot be answered.
 */
function invalidateAfterAnswer(queryClient: QueryClient) {
  return Promise.all(
    [resourceKeys.invitations, resourceKeys.categories, resourceKeys.cards, resourceKeys.study].map(
      (queryKey) => queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/** POST /api/invitations/{id}/accept or /decline */
export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, accept }: { id: string; accept: boolean }) =>
      accept
        ? apiRequest(api.invitations.accept, { params: { id } })
        : apiRequest(api.invitations.decline, { params: { id } }),
    onSettled: () => invalidateAfterAnswer(queryClient),
  });
}
