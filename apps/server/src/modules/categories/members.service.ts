import { liveEvent, type AccountExport, type Member, type MemberRole } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import { AppError, conflict, notFound } from '../../errors';
import { isMember, requireCategoryAccess, requireOwnedCategory } from './category-access';
import {
  deleteMember,
  findMember,
  listMembers as listMemberRows,
  listMembersOfOwner,
  listOwnedCategories,
  updateMemberRole,
  type MemberRow,
} from './categories.repository';

const toMember = (row: MemberRow): Member => ({
  userId: row.user_id,
  username: row.username,
  role: row.role,
  addedAt: new Date(row.created_at).toISOString(),
});

const memberNotFound = () => notFound('Member not found');

/** GET /api/categories/{id}/members: the owner and the members see who else is in. */
export async function listMembers(deps: AppDeps, userId: string, id: string): Promise<Member[]> {
  const { row, access } = await requireCategoryAccess(deps.db, userId, id);
  if (!isMember(access)) throw new AppError('forbidden', 'Only members see the member list');
  return (await listMemberRows(deps.db, row.id)).map(toMember);
}

/** PATCH /api/categories/{id}/members/{userId} */
export async function changeMemberRole(
  deps: AppDeps,
  userId: string,
  id: string,
  memberId: string,
  role: MemberRole,
): Promise<Member> {
  const category = await requireOwnedCategory(deps.db, userId, id);
  const member = await findMember(deps.db, category.id, memberId);
  if (!member) throw memberNotFound();
  // Removed (or gone with the category) since it was read: nothing was changed.
  if (!(await updateMemberRole(deps.db, category.id, memberId, role))) throw memberNotFound();
  publishMembership(deps, category.id, memberId, role);
  return toMember({ ...member, role });
}

/** DELETE /api/categories/{id}/members/{userId} */
export async function removeMember(
  deps: AppDeps,
  userId: string,
  id: string,
  memberId: string,
): Promise<void> {
  const category = await requireOwnedCategory(deps.db, userId, id);
  if (!(await deleteMember(deps.db, category.id, memberId))) throw memberNotFound();
  publishMembership(deps, category.id, memberId, null);
}

/** POST /api/categories/{id}/leave: a member of this very category leaves it. */
export async function leaveCategory(deps: AppDeps, userId: string, id: string): Promise<void> {
  const { row, access } = await requireCategoryAccess(deps.db, userId, id);
  if (access === 'owner') throw conflict('categoryId', 'The owner cannot leave their category');
  if (!(await deleteMember(deps.db, row.id, userId))) {
    throw notFound('You are not a member of this category itself');
  }
  publishMembership(deps, row.id, userId, null);
}

/**
 * Tells a membership's change to the category's readers as they are now and to the member (who
 * may have just lost their access): ids and the role only.
 */
export function publishMembership(
  deps: AppDeps,
  categoryId: string,
  memberId: string,
  role: MemberRole | null,
): void {
  deps.live.publish(liveEvent('membership.changed', { categoryId, userId: memberId, role }), {
    kind: 'category',
    categoryId,
    users: [memberId],
  });
}

/** The learner's own categories with their members, parents first (for the account export). */
export async function exportOwnCategories(
  deps: AppDeps,
  userId: string,
): Promise<AccountExport['categories']> {
  const rows = (await listOwnedCategories(deps.db, userId)).sort(
    (a, b) => a.depth - b.depth || a.created_at - b.created_at || a.id.localeCompare(b.id),
  );
  const members = new Map<string, MemberRow[]>();
  for (const member of await listMembersOfOwner(deps.db, userId)) {
    members.set(member.category_id, [...(members.get(member.category_id) ?? []), member]);
  }
  return rows.map((row) => ({
    id: row.id,
    parentId: row.parent_id,
    name: row.name,
    description: row.description,
    visibility: row.visibility,
    fromLanguageCode: row.from_language_code,
    toLanguageCode: row.to_language_code,
    reverseDefault: row.reverse_default === 1,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    members: (members.get(row.id) ?? []).map(({ username, role, created_at }) => ({
      username,
      role,
      addedAt: new Date(created_at).toISOString(),
    })),
  }));
}
