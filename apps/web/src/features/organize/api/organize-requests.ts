import {
  cardPageSchema,
  categoryMemberViewSchema,
  categoryTreeItemSchema,
  categoryTreeSchema,
  deletedCategorySchema,
  emptyPayloadSchema,
  memberListSchema,
  memberSchema,
  type AddMemberBody,
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
import { resourceKeys } from '../../../lib/resource-keys';

/**
 * Every category query starts with this key, so one invalidation refreshes the tree and views.
 * The tree's key ['categories', 'tree'] is shared with other features that read the same call.
 */
export const categoriesQueryKey = resourceKeys.categories;

function categoryPath(id: string, rest = ''): string {
  return `/api/categories/${encodeURIComponent(id)}${rest}`;
}

/** GET /api/categories: own categories and those the learner is a member of, flat. */
export function categoryTreeQueryOptions() {
  return queryOptions({
    queryKey: [...categoriesQueryKey, 'tree'],
    queryFn: ({ signal }) =>
      apiRequest('GET', '/api/categories', { schema: categoryTreeSchema, signal }),
  });
}

/** GET /api/categories/{id}: the member view (role, permissions, ancestors, children). */
export function categoryQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...categoriesQueryKey, 'detail', id],
    queryFn: ({ signal }) =>
      apiRequest('GET', categoryPath(id), { schema: categoryMemberViewSchema, signal }),
  });
}

/** GET /api/categories/{id}/members: the memberships on this very category. */
export function membersQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...categoriesQueryKey, 'members', id],
    queryFn: ({ signal }) =>
      apiRequest('GET', categoryPath(id, '/members'), { schema: memberListSchema, signal }),
  });
}

export const categoryCardsPageSize = 50;

/** GET /api/cards?categoryId={id}&includeSubcategories=false, page by page (cursor). */
export function categoryCardsQueryOptions(id: string) {
  return infiniteQueryOptions({
    // Under the cards prefix, so a card created or changed elsewhere refreshes this list.
    queryKey: [...resourceKeys.cards, 'category', id],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({
        categoryId: id,
        includeSubcategories: 'false',
        limit: String(categoryCardsPageSize),
      });
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest('GET', `/api/cards?${params.toString()}`, {
        schema: cardPageSchema,
        signal,
      });
    },
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
    mutationFn: (body: CreateCategoryBody) =>
      apiRequest('POST', '/api/categories', { body, schema: categoryTreeItemSchema }),
    onSuccess: invalidate,
  });
}

/** PATCH /api/categories/{id}: rename, describe, move, share (owner only). */
export function useUpdateCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateCategoryBody }) =>
      apiRequest('PATCH', categoryPath(id), { body, schema: categoryTreeItemSchema }),
    onSuccess: invalidate,
  });
}

export type DeleteCardsMode = 'move' | 'delete';

/** DELETE /api/categories/{id}?cards=move|delete: the subtree goes, its cards move up or go. */
export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, cards }: { id: string; cards: DeleteCardsMode }) =>
      apiRequest('DELETE', `${categoryPath(id)}?cards=${cards}`, { schema: deletedCategorySchema }),
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
      apiRequest('POST', categoryPath(categoryId, '/members'), { body, schema: memberSchema }),
    onSuccess: invalidate,
  });
}

/** PATCH /api/categories/{id}/members/{userId} */
export function useChangeMemberRole(categoryId: string) {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: MemberRole }) =>
      apiRequest('PATCH', categoryPath(categoryId, `/members/${encodeURIComponent(userId)}`), {
        body: { role },
        schema: memberSchema,
      }),
    onSuccess: invalidate,
  });
}

/** DELETE /api/categories/{id}/members/{userId} */
export function useRemoveMember(categoryId: string) {
  const invalidate = useInvalidateMembers();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest('DELETE', categoryPath(categoryId, `/members/${encodeURIComponent(userId)}`), {
        schema: emptyPayloadSchema,
      }),
    onSuccess: invalidate,
  });
}

/** POST /api/categories/{id}/leave: the caller's membership on this category ends. */
export function useLeaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (categoryId: string) =>
      apiRequest('POST', categoryPath(categoryId, '/leave'), { schema: emptyPayloadSchema }),
    onSuccess: (_result, categoryId) => {
      queryClient.removeQueries({ queryKey: categoryQueryOptions(categoryId).queryKey });
      return invalidateCategoriesAndCards(queryClient);
    },
  });
}
