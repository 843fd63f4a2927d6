import { type CategoryMemberView, type CategoryTree, type CategoryTreeItem, type CreateCategoryBody, type UpdateCategoryBody } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
/** GET /api/categories: own categories and those shared with the caller, flat, parents first. */
export declare function getCategoryTree(deps: AppDeps, userId: string): Promise<CategoryTree>;
/** GET /api/categories/{id}: the member view. */
export declare function getCategoryView(deps: AppDeps, userId: string, id: string): Promise<CategoryMemberView>;
/** POST /api/categories */
export declare function createCategory(deps: AppDeps, userId: string, body: CreateCategoryBody): Promise<CategoryTreeItem>;
/** PATCH /api/categories/{id}: the owner renames, describes, shares or moves it (no cycles). */
export declare function updateCategory(deps: AppDeps, userId: string, id: string, body: UpdateCategoryBody): Promise<CategoryTreeItem>;
/**
 * DELETE /api/categories/{id}?cards=move|delete: the category and its sub-categories go; their
 * cards move to its parent (uncategorised at the root) or are deleted with them.
 */
export declare function deleteCategory(deps: AppDeps, userId: string, id: string, cards: 'move' | 'delete'): Promise<{
    cards: number;
}>;
