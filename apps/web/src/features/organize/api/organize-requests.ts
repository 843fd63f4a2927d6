import {
  api,
  type AddMemberBody,
  type ExportFormat,
  type CreateCategoryBody,
  type MemberRole,
  type UpdateCategoryBody,
} from '@glossa/contract';
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

/** PATCH /api/categories/{id}: rename, describe, move, share (owner only). */
export function useUpdateCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateCategoryBody }) =>
      apiRequest(api.categories.update, { params: { id }, body }),
    onSuccess: invalidate,
  });
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

/** POST /api/categories/{id}/members (owner only; the category must be shared or public). */
export function useAddMember(categoryId: string) {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: (body: AddMemberBody) =>
      apiRequest(api.categories.addMember, { params: { id: categoryId }, body }),
    onSuccess: invalidate,
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
