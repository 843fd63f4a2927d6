import { z } from 'zod';
/** Limits of a card and of the calls that take many, enforced by the schemas and the server. */
export declare const cardLimits: {
    readonly frontMax: 500;
    readonly answerMax: 500;
    readonly answersMin: 1;
    readonly answersMax: 20;
    readonly notesMax: 2000;
    /** Ids in one bulk move or bulk delete. */
    readonly bulkIdsMax: 1000;
    /** Rows in one import (POST /api/cards/import); the cards issue asks for 50,000. */
    readonly importMax: 50000;
    /** Characters of the list's text filter. */
    readonly queryMax: 200;
    readonly listLimitMax: 200;
    readonly listLimitDefault: 50;
};
/** POST /api/cards */
export declare const createCardBodySchema: z.ZodObject<{
    front: z.ZodString;
    answers: z.ZodArray<z.ZodString>;
    notes: z.ZodOptional<z.ZodString>;
    fromLanguageCode: z.ZodString;
    toLanguageCode: z.ZodString;
    categoryId: z.ZodOptional<z.ZodNullable<z.ZodString>>;
}, z.core.$strict>;
export type CreateCardBody = z.infer<typeof createCardBodySchema>;
/** PATCH /api/cards/{id}: any subset of the fields. */
export declare const updateCardBodySchema: z.ZodObject<{
    front: z.ZodOptional<z.ZodString>;
    answers: z.ZodOptional<z.ZodArray<z.ZodString>>;
    notes: z.ZodOptional<z.ZodString>;
    fromLanguageCode: z.ZodOptional<z.ZodString>;
    toLanguageCode: z.ZodOptional<z.ZodString>;
    categoryId: z.ZodOptional<z.ZodNullable<z.ZodString>>;
}, z.core.$strict>;
export type UpdateCardBody = z.infer<typeof updateCardBodySchema>;
export declare const cardIdParamsSchema: z.ZodObject<{
    id: z.ZodString;
}, z.core.$strict>;
/** POST /api/cards/bulk-move: all or nothing. */
export declare const bulkMoveBodySchema: z.ZodObject<{
    ids: z.ZodArray<z.ZodString>;
    categoryId: z.ZodNullable<z.ZodString>;
}, z.core.$strict>;
export type BulkMoveBody = z.infer<typeof bulkMoveBodySchema>;
/** POST /api/cards/bulk-delete: all or nothing. */
export declare const bulkDeleteBodySchema: z.ZodObject<{
    ids: z.ZodArray<z.ZodString>;
}, z.core.$strict>;
export type BulkDeleteBody = z.infer<typeof bulkDeleteBodySchema>;
export declare const bulkResultSchema: z.ZodObject<{
    count: z.ZodNumber;
}, z.core.$strict>;
export type BulkResult = z.infer<typeof bulkResultSchema>;
export declare const cardSortSchema: z.ZodEnum<{
    front: "front";
    created: "created";
    updated: "updated";
    due: "due";
}>;
export type CardSort = z.infer<typeof cardSortSchema>;
/**
 * GET /api/cards. Without categoryId: the caller's own cards; with it: the cards of a category the
 * caller may read (`none`: the caller's uncategorised cards). `cursor` is the opaque nextCursor of
 * the previous page, valid only with the same filters and sort.
 */
export declare const cardListQuerySchema: z.ZodObject<{
    categoryId: z.ZodOptional<z.ZodString>;
    includeSubcategories: z.ZodOptional<z.ZodPipe<z.ZodEnum<{
        true: "true";
        false: "false";
    }>, z.ZodTransform<boolean, "true" | "false">>>;
    from: z.ZodOptional<z.ZodString>;
    to: z.ZodOptional<z.ZodString>;
    q: z.ZodOptional<z.ZodString>;
    sort: z.ZodDefault<z.ZodEnum<{
        front: "front";
        created: "created";
        updated: "updated";
        due: "due";
    }>>;
    order: z.ZodOptional<z.ZodEnum<{
        asc: "asc";
        desc: "desc";
    }>>;
    cursor: z.ZodOptional<z.ZodString>;
    limit: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
}, z.core.$strict>;
export type CardListQuery = z.infer<typeof cardListQuerySchema>;
export declare const cardSchema: z.ZodObject<{
    id: z.ZodString;
    ownerId: z.ZodString;
    categoryId: z.ZodNullable<z.ZodString>;
    front: z.ZodString;
    answers: z.ZodArray<z.ZodString>;
    notes: z.ZodString;
    fromLanguageCode: z.ZodString;
    toLanguageCode: z.ZodString;
    canEdit: z.ZodBoolean;
    createdAt: z.ZodISODateTime;
    updatedAt: z.ZodISODateTime;
}, z.core.$strict>;
export type Card = z.infer<typeof cardSchema>;
export declare const cardPageSchema: z.ZodObject<{
    items: z.ZodArray<z.ZodObject<{
        id: z.ZodString;
        ownerId: z.ZodString;
        categoryId: z.ZodNullable<z.ZodString>;
        front: z.ZodString;
        answers: z.ZodArray<z.ZodString>;
        notes: z.ZodString;
        fromLanguageCode: z.ZodString;
        toLanguageCode: z.ZodString;
        canEdit: z.ZodBoolean;
        createdAt: z.ZodISODateTime;
        updatedAt: z.ZodISODateTime;
    }, z.core.$strict>>;
    nextCursor: z.ZodNullable<z.ZodString>;
}, z.core.$strict>;
export type CardPage = z.infer<typeof cardPageSchema>;
/** GET /api/languages */
export declare const languageListSchema: z.ZodObject<{
    items: z.ZodArray<z.ZodObject<{
        code: z.ZodString;
        englishName: z.ZodString;
        nativeName: z.ZodString;
        direction: z.ZodEnum<{
            ltr: "ltr";
            rtl: "rtl";
        }>;
    }, z.core.$strict>>;
}, z.core.$strict>;
/** A card in the account export: the learner's own, without the caller-relative fields. */
export declare const exportedCardSchema: z.ZodObject<{
    id: z.ZodString;
    toLanguageCode: z.ZodString;
    createdAt: z.ZodISODateTime;
    fromLanguageCode: z.ZodString;
    updatedAt: z.ZodISODateTime;
    front: z.ZodString;
    answers: z.ZodArray<z.ZodString>;
    notes: z.ZodString;
    categoryId: z.ZodNullable<z.ZodString>;
}, z.core.$strict>;
