import { z } from 'zod';
import { requiredString } from './required-string';
import { languageCodeSchema } from './languages';
import { usernameSchema } from './user';

/** Limits of the category tree, enforced by the schemas and the server. */
export const categoryLimits = {
  nameMax: 100,
  descriptionMax: 2000,
  /** A root category is at depth 1. */
  depthMax: 8,
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
});
export type CreateCategoryBody = z.infer<typeof createCategoryBodySchema>;

/** PATCH /api/categories/{id}: rename, describe, move (parentId, null = root), share. */
export const updateCategoryBodySchema = z
  .strictObject({
    name: categoryNameSchema.optional(),
    description: descriptionSchema.optional(),
    parentId: idSchema.nullable().optional(),
    visibility: visibilitySchema.optional(),
    fromLanguageCode: languageCodeSchema.nullable().optional(),
    toLanguageCode: languageCodeSchema.nullable().optional(),
    /**
     * With visibility: every sub-category gets it too, in the same change. Without it they keep
     * their own, and a private one stays hidden from the members of its parent.
     */
    includeSubcategories: z
      .boolean({ error: 'includeSubcategories must be true or false' })
      .optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: 'Give at least one field to change' })
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
  /** 1 for a root category. */
  depth: z.number().int(),
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

/** GET /api/categories: the caller's own categories and those shared with them, flat. */
export const categoryTreeSchema = z.strictObject({ items: z.array(categoryTreeItemSchema) });
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

/** GET /api/categories/{id}: the category as the caller sees it. */
export const categoryMemberViewSchema = z.strictObject({
  category: categoryTreeItemSchema,
  permissions: categoryPermissionsSchema,
  /** From the root down to the parent, only those the caller may see. */
  ancestors: z.array(z.strictObject({ id: z.string(), name: z.string() })),
  subcategories: z.array(categoryTreeItemSchema),
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

/** POST /api/categories/{id}/members */
export const addMemberBodySchema = z.strictObject({
  username: usernameSchema,
  role: memberRoleSchema,
});
export type AddMemberBody = z.infer<typeof addMemberBodySchema>;

/** PATCH /api/categories/{id}/members/{userId} */
export const updateMemberBodySchema = z.strictObject({ role: memberRoleSchema });

export const memberParamsSchema = z.strictObject({ id: idSchema, userId: idSchema });

/** A category in the account export: the learner's own, with its members. */
export const exportedCategorySchema = categorySchema
  .omit({ owner: true, depth: true })
  .extend({ members: z.array(memberSchema.omit({ userId: true })) });

/** DELETE /api/categories/{id}: how many cards were moved or deleted with it. */
export const deletedCategorySchema = z.strictObject({ cards: z.number().int() });
