import type { AccountExport, AddMemberBody, Member, MemberRole } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
/** GET /api/categories/{id}/members: the owner and the members see who else is in. */
export declare function listMembers(deps: AppDeps, userId: string, id: string): Promise<Member[]>;
/** POST /api/categories/{id}/members: the owner adds someone by username. */
export declare function addMember(deps: AppDeps, userId: string, id: string, body: AddMemberBody): Promise<Member>;
/** PATCH /api/categories/{id}/members/{userId} */
export declare function changeMemberRole(deps: AppDeps, userId: string, id: string, memberId: string, role: MemberRole): Promise<Member>;
/** DELETE /api/categories/{id}/members/{userId} */
export declare function removeMember(deps: AppDeps, userId: string, id: string, memberId: string): Promise<void>;
/** POST /api/categories/{id}/leave: a member of this very category leaves it. */
export declare function leaveCategory(deps: AppDeps, userId: string, id: string): Promise<void>;
/** The learner's own categories with their members, parents first (for the account export). */
export declare function exportOwnCategories(deps: AppDeps, userId: string): Promise<AccountExport['categories']>;
