import type { AccountExport, AddMemberBody, Member, MemberRole } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import { isUniqueViolation } from '../../db/errors';
import { AppError, conflict, invalidInput, notFound } from '../../errors';
import { findUser } from '../users/users.service';
import { requireCategoryAccess, requireOwnedCategory } from './category-access';
import {
  deleteMember,
  findMember,
  insertMember,
  listMembers as listMemberRows,
  listMembersOfCategories,
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
  if (access === null) throw new AppError('forbidden', 'Only members see the member list');
  return (await listMemberRows(deps.db, row.id)).map(toMember);
}

/** POST /api/categories/{id}/members: the owner adds someone by username. */
export async function addMember(
  deps: AppDeps,
  userId: string,
  id: string,
  body: AddMemberBody,
): Promise<Member> {
  const category = await requireOwnedCategory(deps.db, userId, id);
  if (category.visibility === 'private') {
    throw conflict('visibility', 'Share the category (shared or public) before adding members');
  }
  const user = await findUser(deps.db, { username: body.username });
  if (!user || user.disabled) {
    const message = 'No user with this username';
    throw new AppError('not_found', message, [{ path: 'username', message }]);
  }
  if (user.id === userId) throw invalidInput('username', 'You own this category already');
  if (await findMember(deps.db, category.id, user.id)) {
    throw conflict('username', 'This user is already a member');
  }
  try {
    await insertMember(deps.db, {
      category_id: category.id,
      user_id: user.id,
      role: body.role,
      created_at: deps.now(),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('username', 'This user is already a member');
    throw error;
  }
  const member = await findMember(deps.db, category.id, user.id);
  if (!member) throw memberNotFound();
  return toMember(member);
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
  await updateMemberRole(deps.db, category.id, memberId, role);
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
}

/** POST /api/categories/{id}/leave: a member of this very category leaves it. */
export async function leaveCategory(deps: AppDeps, userId: string, id: string): Promise<void> {
  const { row, access } = await requireCategoryAccess(deps.db, userId, id);
  if (access === 'owner') throw conflict('categoryId', 'The owner cannot leave their category');
  if (!(await deleteMember(deps.db, row.id, userId))) {
    throw notFound('You are not a member of this category itself');
  }
}

/** The learner's own categories with their members, parents first (for the account export). */
export async function exportOwnCategories(
  deps: AppDeps,
  userId: string,
): Promise<AccountExport['categories']> {
  const rows = (await listOwnedCategories(deps.db, userId)).sort(
    (a, b) => a.depth - b.depth || a.created_at - b.created_at || a.id.localeCompare(b.id),
  );
  const members = await listMembersOfCategories(
    deps.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    parentId: row.parent_id,
    name: row.name,
    description: row.description,
    visibility: row.visibility,
    fromLanguageCode: row.from_language_code,
    toLanguageCode: row.to_language_code,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    members: members
      .filter((member) => member.category_id === row.id)
      .map(({ username, role, created_at }) => ({
        username,
        role,
        addedAt: new Date(created_at).toISOString(),
      })),
  }));
}
