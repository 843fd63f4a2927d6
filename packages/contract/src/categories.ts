import { z } from 'zod';
import { requiredString } from './required-string';
import { languageCodeSchema } from './languages';
import { changesSomething, expectedVersionSchema, versionSchema } from './row-version';
import { usernameSchema } from './user';

/** Limits of the category tree, enforced by the schemas and the server. */
export const categoryLimits = {
  nameMax: 100,
  descriptionMax: 2000,
  /** A root category is at depth 1. */
  depthMax: 8,
  /**
   * Others' categories GET /api/categories lists, the nearest to the top first (the caller's own
   * are bounded by ownerLimits.categoriesMax); the rest are reached from their parent's view.
   */
  sharedInTreeMax: 2000,
} as const;

export const visibilitySchema = z.enum(['private', 'shared', 'public']);
export type Visibility = z.infer<typeof visibilitySchema>;

/** What a member may do: a viewer studies, an editor also edits the cards. */
export const memberRoleSchema = z.enum(['viewer', 'editor']);
export type MemberRole = z.infer<typeof memberRoleSchema>;

/** The caller's role on a category; null for a public category the caller is no member of. */
export const categoryRoleSchema = z.enum(['owner', 'editor', 'viewer']);
export type CategoryRole = z.infer<typeof categoryRoleSchema>;

export const idSchema = requiredString('Id').min(1).max(64);

const categoryNameSchema = requiredString('Name')
  .trim()
  .min(1, { error: 'Name is required' })
  .max(categoryLimits.nameMax, {
    error: `Name must be at most ${categoryLimits.nameMax} characters`,
  });

const descriptionSchema = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(categoryLimits.descriptionMax, {
    error: `Description must be at most ${categoryLimits.descriptionMax} characters`,
  });

/** POST /api/categories */
export const createCategoryBodySchema = z.strictObject({
  name: categoryNameSchema,
  description: descriptionSchema.optional(),
  /** The parent (one of the caller's own categories); absent or null for a root category. */
  parentId: idSchema.nullish(),
  /** Defaults to the parent's visibility, or private at the root. */
  visibility: visibilitySchema.optional(),
  fromLanguageCode: languageCodeSchema.nullish(),
  toLanguageCode: languageCodeSchema.nullish(),
  /**
   * Whether its cards that follow it (`reverse` = inherit) are asked in reverse too; defaults to
   * the parent's, or false at the root.
   */
  reverseDefault: z.boolean({ error: 'reverseDefault must be true or false' }).optional(),
});
export type CreateCategoryBody = z.infer<typeof createCategoryBodySchema>;

/**
 * PATCH /api/categories/{id}: rename, describe, move (parentId, null = root), share; only the
 * fields given change. With expectedVersion (the category's version the change was made from), a
 * category changed since is refused with 409 `conflict`.
 */
export const updateCategoryBodySchema = z
  .strictObject({
    name: categoryNameSchema.optional(),
    description: descriptionSchema.optional(),
    parentId: idSchema.nullable().optional(),
    visibility: visibilitySchema.optional(),
    fromLanguageCode: languageCodeSchema.nullable().optional(),
    toLanguageCode: languageCodeSchema.nullable().optional(),
    reverseDefault: z.boolean({ error: 'reverseDefault must be true or false' }).optional(),
    /**
     * With visibility: every sub-category gets it too, in the same change. Without it they keep
     * their own, and a private one stays hidden from the members of its parent.
     */
    includeSubcategories: z
      .boolean({ error: 'includeSubcategories must be true or false' })
      .optional(),
    expectedVersion: expectedVersionSchema.optional(),
  })
  .refine(changesSomething, { error: 'Give at least one field to change' })
  .refine((body) => body.includeSubcategories === undefined || body.visibility !== undefined, {
    error: 'includeSubcategories goes with visibility',
    path: ['includeSubcategories'],
  });
export type UpdateCategoryBody = z.infer<typeof updateCategoryBodySchema>;

export const categoryIdParamsSchema = z.strictObject({ id: idSchema });

/** DELETE /api/categories/{id}?cards=move|delete: its cards (and its sub-categories' cards). */
export const deleteCategoryQuerySchema = z.strictObject({
  cards: z.enum(['move', 'delete'], { error: 'cards must be move or delete' }),
});

export const categorySchema = z.strictObject({
  id: z.string(),
  /** Null at the root, and when the parent is not visible to the caller. */
  parentId: z.string().nullable(),
  owner: z.strictObject({ id: z.string(), username: z.string() }),
  name: z.string(),
  description: z.string(),
  visibility: visibilitySchema,
  fromLanguageCode: z.string().nullable(),
  toLanguageCode: z.string().nullable(),
  /** Its cards that follow it (`reverse` = inherit) are asked in reverse too (decision 0027). */
  reverseDefault: z.boolean(),
  /** 1 for a root category. */
  depth: z.number().int(),
  /** 1 when created, one more with every change of its row (a move of an ancestor too). */
  version: versionSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Category = z.infer<typeof categorySchema>;

/** A category with the caller's role and its counts (cards directly in it, members on it). */
export const categoryTreeItemSchema = categorySchema.extend({
  role: categoryRoleSchema.nullable(),
  cardCount: z.number().int(),
  memberCount: z.number().int(),
});
export type CategoryTreeItem = z.infer<typeof categoryTreeItemSchema>;

/**
 * A category as GET /api/categories lists it: what the organize tree and the category pickers
 * show of it, for thousands of categories at once (the member view has the rest).
 */
export const categoryTreeEntrySchema = z.strictObject({
  id: z.string(),
  /** Null at the root, and when the parent is not visible to the caller. */
  parentId: z.string().nullable(),
  name: z.string(),
  visibility: visibilitySchema,
  /** 1 for a root category. */
  depth: z.number().int(),
  role: categoryRoleSchema,
  /** Cards directly in it. */
  cardCount: z.number().int(),
  /** Its cards that follow it are asked in reverse too (the card dialog says so, decision 0027). */
  reverseDefault: z.boolean(),
  /** Its version (categorySchema), which a rename or move from the tree sends back. */
  version: versionSchema,
  /** Whose it is, for a category of another owner (absent on the caller's own). */
  owner: z.strictObject({ id: z.string(), username: z.string() }).optional(),
});
export type CategoryTreeEntry = z.infer<typeof categoryTreeEntrySchema>;

/**
 * GET /api/categories: the caller's own categories and those shared with them, flat, parents
 * first; bounded (categoryLimits.sharedInTreeMax), with how many were left out.
 */
export const categoryTreeSchema = z.strictObject({
  items: z.array(categoryTreeEntrySchema),
  /** Categories left out (the deepest ones): each is reached from its parent's member view. */
  omitted: z.number().int(),
});
export type CategoryTree = z.infer<typeof categoryTreeSchema>;

export const categoryPermissionsSchema = z.strictObject({
  /** Study its cards (members and the owner). */
  study: z.boolean(),
  /** Create, change, move and delete its cards. */
  editCards: z.boolean(),
  /** Rename, move, share, delete, manage members: the owner only. */
  manage: z.boolean(),
  viewMembers: z.boolean(),
  /** A member of this very category (not only of an ancestor). */
  leave: z.boolean(),
});
export type CategoryPermissions = z.infer<typeof categoryPermissionsSchema>;

/** Where a copied category came from ("copied from … on …"). */
export const copiedFromSchema = z.strictObject({
  /** The deck copied; it may since have been unpublished or deleted. */
  categoryId: z.string(),
  name: z.string(),
  ownerUsername: z.string(),
  copiedAt: z.iso.datetime(),
});
export type CopiedFrom = z.infer<typeof copiedFromSchema>;

/** GET /api/categories/{id}: the category as the caller sees it. */
export const categoryMemberViewSchema = z.strictObject({
  category: categoryTreeItemSchema,
  permissions: categoryPermissionsSchema,
  /** From the root down to the parent, only those the caller may see. */
  ancestors: z.array(z.strictObject({ id: z.string(), name: z.string() })),
  subcategories: z.array(categoryTreeItemSchema),
  /** A copy of a public deck (POST /api/explore/decks/{id}/copy): where it came from. */
  copiedFrom: copiedFromSchema.optional(),
  /**
   * A public deck (a top-level public category): whether the caller joined it, and how many
   * learners did (never who, docs/decisions/0022-explore.md).
   */
  deck: z.strictObject({ joined: z.boolean(), learnerCount: z.number().int() }).optional(),
});
export type CategoryMemberView = z.infer<typeof categoryMemberViewSchema>;

export const memberSchema = z.strictObject({
  userId: z.string(),
  username: z.string(),
  role: memberRoleSchema,
  addedAt: z.iso.datetime(),
});
export type Member = z.infer<typeof memberSchema>;
export const memberListSchema = z.strictObject({ items: z.array(memberSchema) });

/**
 * POST /api/categories/{id}/members: invite a learner by username with a role. Nobody becomes a
 * member without accepting (docs/decisions/0016-invitations.md).
 */
export const inviteMemberBodySchema = z.strictObject({
  username: usernameSchema,
  role: memberRoleSchema,
});
export type InviteMemberBody = z.infer<typeof inviteMemberBodySchema>;

/** PATCH /api/categories/{id}/members/{userId} */
export const updateMemberBodySchema = z.strictObject({ role: memberRoleSchema });

export const memberParamsSchema = z.strictObject({ id: idSchema, userId: idSchema });

/** A category in the account export: the learner's own, with its members. */
export const exportedCategorySchema = categorySchema
  .omit({ owner: true, depth: true, version: true })
  .extend({ members: z.array(memberSchema.omit({ userId: true })) });

/** DELETE /api/categories/{id}: how many cards were moved or deleted with it. */
export const deletedCategorySchema = z.strictObject({ cards: z.number().int() });
