import type {
  ExportFormat,
  CreateCategoryBody,
  InviteMemberBody,
  MemberRole,
  UpdateCategoryBody,
} from '@glossa/contract';
import { api } from '@glossa/contract/routes';
import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  type QueryClient,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { resourceKeys } from '../../../lib/resource-keys';
import { isStaleVersion } from '../../../lib/stale-version';

/**
 * Every category query starts with this key, so one invalidation refreshes the tree and views.
 * The tree's key ['categories', 'tree'] is shared with other features that read the same call.
 */
const categoriesQueryKey = resourceKeys.categories;

/** GET /api/categories/{id}: the member view (role, permissions, ancestors, children). */
export function categoryQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...categoriesQueryKey, 'detail', id],
    queryFn: ({ signal }) => apiRequest(api.categories.view, { params: { id }, signal }),
  });
}

/** GET /api/categories/{id}/members: the memberships on this very category. */
export function membersQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...categoriesQueryKey, 'members', id],
    queryFn: ({ signal }) => apiRequest(api.categories.members, { params: { id }, signal }),
  });
}

/** GET /api/categories/{id}/invitations: who was invited and has not answered (owner only). */
export function categoryInvitationsQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...categoriesQueryKey, 'invitations', id],
    queryFn: ({ signal }) => apiRequest(api.categories.invitations, { params: { id }, signal }),
  });
}

const categoryCardsPageSize = 50;

/** GET /api/cards?categoryId={id}&includeSubcategories=false, page by page (cursor). */
export function categoryCardsQueryOptions(id: string) {
  return infiniteQueryOptions({
    // Under the cards prefix, so a card created or changed elsewhere refreshes this list.
    queryKey: [...resourceKeys.cards, 'category', id],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(api.cards.list, {
        query: {
          categoryId: id,
          includeSubcategories: 'false',
          limit: categoryCardsPageSize,
          cursor: pageParam ?? undefined,
        },
        signal,
      }),
    getNextPageParam: (page) => page.nextCursor,
  });
}

function invalidateCategoriesAndCards(queryClient: QueryClient) {
  // Cards show their category, and deleting a category moves or deletes its cards.
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
    queryClient.invalidateQueries({ queryKey: resourceKeys.cards }),
  ]);
}

function useInvalidateCategories() {
  const queryClient = useQueryClient();
  return () => invalidateCategoriesAndCards(queryClient);
}

/** Memberships change the member counts and views, never the cards. */
function useInvalidateMembers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: categoriesQueryKey });
}

/** POST /api/categories */
export function useCreateCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: (body: CreateCategoryBody) => apiRequest(api.categories.create, { body }),
    onSuccess: invalidate,
  });
}

/**
 * PATCH /api/categories/{id}: rename, describe, move, share or publish (owner only), with the
 * version the change was made from (expectedVersion). A category changed elsewhere since answers
 * 409 and is left as it is (isStaleVersion): the tree and views are loaded again, so that they
 * show it. A change of a top-level category may change what explore lists.
 */
export function useUpdateCategory() {
  const invalidate = useInvalidateCategories();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateCategoryBody }) =>
      apiRequest(api.categories.update, { params: { id }, body }),
    onSuccess: () =>
      Promise.all([
        invalidate(),
        queryClient.invalidateQueries({ queryKey: resourceKeys.explore }),
      ]),
    onError: (error) => (isStaleVersion(error) ? invalidate() : undefined),
  });
}

/** The category as the server has it now, whatever the cache holds (after a 409 of a stale edit). */
export function useReloadCategory() {
  const queryClient = useQueryClient();
  return async (id: string) =>
    (await queryClient.fetchQuery({ ...categoryQueryOptions(id), staleTime: 0 })).category;
}

export type DeleteCardsMode = 'move' | 'delete';

/** DELETE /api/categories/{id}?cards=move|delete: the subtree goes, its cards move up or go. */
export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, cards }: { id: string; cards: DeleteCardsMode }) =>
      apiRequest(api.categories.delete, { params: { id }, query: { cards } }),
    onSuccess: (_result, { id }) => {
      // The deleted category's own queries would only answer 404 now.
      queryClient.removeQueries({ queryKey: categoryQueryOptions(id).queryKey });
      return invalidateCategoriesAndCards(queryClient);
    },
  });
}

/**
 * POST /api/categories/{id}/members: invite a learner (owner only; the category must be shared
 * or public). They become a member when they accept.
 */
export function useInviteMember(categoryId: string) {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: (body: InviteMemberBody) =>
      apiRequest(api.categories.invite, { params: { id: categoryId }, body }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/categories/{id}/invitations/{invitationId}: the owner takes an invitation back. */
export function useCancelInvitation(categoryId: string) {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: (invitationId: string) =>
      apiRequest(api.categories.cancelInvitation, { params: { id: categoryId, invitationId } }),
    onSettled: invalidate,
  });
}

/** PATCH /api/categories/{id}/members/{userId} */
export function useChangeMemberRole(categoryId: string) {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: MemberRole }) =>
      apiRequest(api.categories.changeMemberRole, {
        params: { id: categoryId, userId },
        body: { role },
      }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/categories/{id}/members/{userId} */
export function useRemoveMember(categoryId: string) {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest(api.categories.removeMember, { params: { id: categoryId, userId } }),
    onSuccess: invalidate,
  });
}

/** POST /api/categories/{id}/leave: the caller's membership on this category ends. */
export function useLeaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (categoryId: string) =>
      apiRequest(api.categories.leave, { params: { id: categoryId } }),
    onSuccess: (_result, categoryId) => {
      queryClient.removeQueries({ queryKey: categoryQueryOptions(categoryId).queryKey });
      return invalidateCategoriesAndCards(queryClient);
    },
  });
}

/** GET /api/cards/export?format=…&categoryId=…: the category and its sub-categories, as a file. */
export function exportCategory(id: string, format: ExportFormat): Promise<string> {
  return downloadFile(
    api.cards.export,
    { query: { format, categoryId: id } },
    `glossa-category.${format}`,
  );
}

/** GET /api/explore/joined: the public decks the learner joined (organize lists them apart). */
export function joinedDecksQueryOptions() {
  return queryOptions({
    queryKey: [...resourceKeys.explore, 'joined'] as const,
    queryFn: ({ signal }) => apiRequest(api.explore.joined, { signal }),
    select: (list) => list.items,
  });
}

/**
 * GET /api/explore/decks/{id}: what strangers see of one of the owner's top-level categories,
 * published or not (the publishing preview).
 */
export function strangersViewQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...resourceKeys.explore, 'deck', id] as const,
    queryFn: ({ signal }) => apiRequest(api.explore.preview, { params: { id }, signal }),
  });
}

/**
 * POST /api/explore/decks/{id}/join or /leave, from the deck's view: its cards enter or leave the
 * learner's queue, and the joined list, the view and explore change.
 */
export function useJoinDeck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, join }: { id: string; join: boolean }) =>
      join
        ? apiRequest(api.explore.join, { params: { id } })
        : apiRequest(api.explore.leave, { params: { id } }),
    onSettled: () =>
      Promise.all(
        [resourceKeys.explore, resourceKeys.categories, resourceKeys.study].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
