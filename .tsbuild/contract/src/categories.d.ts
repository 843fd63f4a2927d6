import { z } from 'zod';
/** Limits of the category tree, enforced by the schemas and the server. */
export declare const categoryLimits: {
    readonly nameMax: 100;
    readonly descriptionMax: 2000;
    /** A root category is at depth 1. */
    readonly depthMax: 8;
};
export declare const visibilitySchema: z.ZodEnum<{
    private: "private";
    shared: "shared";
    public: "public";
}>;
export type Visibility = z.infer<typeof visibilitySchema>;
/** What a member may do: a viewer studies, an editor also edits the cards. */
export declare const memberRoleSchema: z.ZodEnum<{
    viewer: "viewer";
    editor: "editor";
}>;
export type MemberRole = z.infer<typeof memberRoleSchema>;
/** The caller's role on a category; null for a public category the caller is no member of. */
export declare const categoryRoleSchema: z.ZodEnum<{
    viewer: "viewer";
    editor: "editor";
    owner: "owner";
}>;
export type CategoryRole = z.infer<typeof categoryRoleSchema>;
export declare const idSchema: z.ZodString;
/** POST /api/categories */
export declare const createCategoryBodySchema: z.ZodObject<{
    name: z.ZodString;
    description: z.ZodOptional<z.ZodString>;
    parentId: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    visibility: z.ZodOptional<z.ZodEnum<{
        private: "private";
        shared: "shared";
        public: "public";
    }>>;
    fromLanguageCode: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    toLanguageCode: z.ZodOptional<z.ZodNullable<z.ZodString>>;
}, z.core.$strict>;
export type CreateCategoryBody = z.infer<typeof createCategoryBodySchema>;
/** PATCH /api/categories/{id}: rename, describe, move (parentId, null = root), share. */
export declare const updateCategoryBodySchema: z.ZodObject<{
    name: z.ZodOptional<z.ZodString>;
    description: z.ZodOptional<z.ZodString>;
    parentId: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    visibility: z.ZodOptional<z.ZodEnum<{
        private: "private";
        shared: "shared";
        public: "public";
    }>>;
    fromLanguageCode: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    toLanguageCode: z.ZodOptional<z.ZodNullable<z.ZodString>>;
    includeSubcategories: z.ZodOptional<z.ZodBoolean>;
}, z.core.$strict>;
export type UpdateCategoryBody = z.infer<typeof updateCategoryBodySchema>;
export declare const categoryIdParamsSchema: z.ZodObject<{
    id: z.ZodString;
}, z.core.$strict>;
/** DELETE /api/categories/{id}?cards=move|delete: its cards (and its sub-categories' cards). */
export declare const deleteCategoryQuerySchema: z.ZodObject<{
    cards: z.ZodEnum<{
        move: "move";
        delete: "delete";
    }>;
}, z.core.$strict>;
export declare const categorySchema: z.ZodObject<{
    id: z.ZodString;
    parentId: z.ZodNullable<z.ZodString>;
    owner: z.ZodObject<{
        id: z.ZodString;
        username: z.ZodString;
    }, z.core.$strict>;
    name: z.ZodString;
    description: z.ZodString;
    visibility: z.ZodEnum<{
        private: "private";
        shared: "shared";
        public: "public";
    }>;
    fromLanguageCode: z.ZodNullable<z.ZodString>;
    toLanguageCode: z.ZodNullable<z.ZodString>;
    depth: z.ZodNumber;
    createdAt: z.ZodISODateTime;
    updatedAt: z.ZodISODateTime;
}, z.core.$strict>;
export type Category = z.infer<typeof categorySchema>;
/** A category with the caller's role and its counts (cards directly in it, members on it). */
export declare const categoryTreeItemSchema: z.ZodObject<{
    id: z.ZodString;
    parentId: z.ZodNullable<z.ZodString>;
    owner: z.ZodObject<{
        id: z.ZodString;
        username: z.ZodString;
    }, z.core.$strict>;
    name: z.ZodString;
    description: z.ZodString;
    visibility: z.ZodEnum<{
        private: "private";
        shared: "shared";
        public: "public";
    }>;
    fromLanguageCode: z.ZodNullable<z.ZodString>;
    toLanguageCode: z.ZodNullable<z.ZodString>;
    depth: z.ZodNumber;
    createdAt: z.ZodISODateTime;
    updatedAt: z.ZodISODateTime;
    role: z.ZodNullable<z.ZodEnum<{
        viewer: "viewer";
        editor: "editor";
        owner: "owner";
    }>>;
    cardCount: z.ZodNumber;
    memberCount: z.ZodNumber;
}, z.core.$strict>;
export type CategoryTreeItem = z.infer<typeof categoryTreeItemSchema>;
/** GET /api/categories: the caller's own categories and those shared with them, flat. */
export declare const categoryTreeSchema: z.ZodObject<{
    items: z.ZodArray<z.ZodObject<{
        id: z.ZodString;
        parentId: z.ZodNullable<z.ZodString>;
        owner: z.ZodObject<{
            id: z.ZodString;
            username: z.ZodString;
        }, z.core.$strict>;
        name: z.ZodString;
        description: z.ZodString;
        visibility: z.ZodEnum<{
            private: "private";
            shared: "shared";
            public: "public";
        }>;
        fromLanguageCode: z.ZodNullable<z.ZodString>;
        toLanguageCode: z.ZodNullable<z.ZodString>;
        depth: z.ZodNumber;
        createdAt: z.ZodISODateTime;
        updatedAt: z.ZodISODateTime;
        role: z.ZodNullable<z.ZodEnum<{
            viewer: "viewer";
            editor: "editor";
            owner: "owner";
        }>>;
        cardCount: z.ZodNumber;
        memberCount: z.ZodNumber;
    }, z.core.$strict>>;
}, z.core.$strict>;
export type CategoryTree = z.infer<typeof categoryTreeSchema>;
export declare const categoryPermissionsSchema: z.ZodObject<{
    study: z.ZodBoolean;
    editCards: z.ZodBoolean;
    manage: z.ZodBoolean;
    viewMembers: z.ZodBoolean;
    leave: z.ZodBoolean;
}, z.core.$strict>;
export type CategoryPermissions = z.infer<typeof categoryPermissionsSchema>;
/** GET /api/categories/{id}: the category as the caller sees it. */
export declare const categoryMemberViewSchema: z.ZodObject<{
    category: z.ZodObject<{
        id: z.ZodString;
        parentId: z.ZodNullable<z.ZodString>;
        owner: z.ZodObject<{
            id: z.ZodString;
            username: z.ZodString;
        }, z.core.$strict>;
        name: z.ZodString;
        description: z.ZodString;
        visibility: z.ZodEnum<{
            private: "private";
            shared: "shared";
            public: "public";
        }>;
        fromLanguageCode: z.ZodNullable<z.ZodString>;
        toLanguageCode: z.ZodNullable<z.ZodString>;
        depth: z.ZodNumber;
        createdAt: z.ZodISODateTime;
        updatedAt: z.ZodISODateTime;
        role: z.ZodNullable<z.ZodEnum<{
            viewer: "viewer";
            editor: "editor";
            owner: "owner";
        }>>;
        cardCount: z.ZodNumber;
        memberCount: z.ZodNumber;
    }, z.core.$strict>;
    permissions: z.ZodObject<{
        study: z.ZodBoolean;
        editCards: z.ZodBoolean;
        manage: z.ZodBoolean;
        viewMembers: z.ZodBoolean;
        leave: z.ZodBoolean;
    }, z.core.$strict>;
    ancestors: z.ZodArray<z.ZodObject<{
        id: z.ZodString;
        name: z.ZodString;
    }, z.core.$strict>>;
    subcategories: z.ZodArray<z.ZodObject<{
        id: z.ZodString;
        parentId: z.ZodNullable<z.ZodString>;
        owner: z.ZodObject<{
            id: z.ZodString;
            username: z.ZodString;
        }, z.core.$strict>;
        name: z.ZodString;
        description: z.ZodString;
        visibility: z.ZodEnum<{
            private: "private";
            shared: "shared";
            public: "public";
        }>;
        fromLanguageCode: z.ZodNullable<z.ZodString>;
        toLanguageCode: z.ZodNullable<z.ZodString>;
        depth: z.ZodNumber;
        createdAt: z.ZodISODateTime;
        updatedAt: z.ZodISODateTime;
        role: z.ZodNullable<z.ZodEnum<{
            viewer: "viewer";
            editor: "editor";
            owner: "owner";
        }>>;
        cardCount: z.ZodNumber;
        memberCount: z.ZodNumber;
    }, z.core.$strict>>;
}, z.core.$strict>;
export type CategoryMemberView = z.infer<typeof categoryMemberViewSchema>;
export declare const memberSchema: z.ZodObject<{
    userId: z.ZodString;
    username: z.ZodString;
    role: z.ZodEnum<{
        viewer: "viewer";
        editor: "editor";
    }>;
    addedAt: z.ZodISODateTime;
}, z.core.$strict>;
export type Member = z.infer<typeof memberSchema>;
export declare const memberListSchema: z.ZodObject<{
    items: z.ZodArray<z.ZodObject<{
        userId: z.ZodString;
        username: z.ZodString;
        role: z.ZodEnum<{
            viewer: "viewer";
            editor: "editor";
        }>;
        addedAt: z.ZodISODateTime;
    }, z.core.$strict>>;
}, z.core.$strict>;
/** POST /api/categories/{id}/members */
export declare const addMemberBodySchema: z.ZodObject<{
    username: z.ZodString;
    role: z.ZodEnum<{
        viewer: "viewer";
        editor: "editor";
    }>;
}, z.core.$strict>;
export type AddMemberBody = z.infer<typeof addMemberBodySchema>;
/** PATCH /api/categories/{id}/members/{userId} */
export declare const updateMemberBodySchema: z.ZodObject<{
    role: z.ZodEnum<{
        viewer: "viewer";
        editor: "editor";
    }>;
}, z.core.$strict>;
export declare const memberParamsSchema: z.ZodObject<{
    id: z.ZodString;
    userId: z.ZodString;
}, z.core.$strict>;
/** A category in the account export: the learner's own, with its members. */
export declare const exportedCategorySchema: z.ZodObject<{
    id: z.ZodString;
    toLanguageCode: z.ZodNullable<z.ZodString>;
    createdAt: z.ZodISODateTime;
    name: z.ZodString;
    description: z.ZodString;
    parentId: z.ZodNullable<z.ZodString>;
    visibility: z.ZodEnum<{
        private: "private";
        shared: "shared";
        public: "public";
    }>;
    fromLanguageCode: z.ZodNullable<z.ZodString>;
    updatedAt: z.ZodISODateTime;
    members: z.ZodArray<z.ZodObject<{
        username: z.ZodString;
        role: z.ZodEnum<{
            viewer: "viewer";
            editor: "editor";
        }>;
        addedAt: z.ZodISODateTime;
    }, z.core.$strict>>;
}, z.core.$strict>;
/** DELETE /api/categories/{id}: how many cards were moved or deleted with it. */
export declare const deletedCategorySchema: z.ZodObject<{
    cards: z.ZodNumber;
}, z.core.$strict>;
