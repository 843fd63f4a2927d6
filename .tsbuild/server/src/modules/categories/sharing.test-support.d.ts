import { type CategoryTreeItem } from '@glossa/contract';
import type { TestApp, TestResponse } from '../../../test/app';
import { type TestUser } from '../../../test/factories';
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
/** A call as one user (or anonymous with undefined), failing loudly when a setup call fails. */
export declare function caller(t: TestApp): {
    call: (method: Method, url: string, user: TestUser | undefined, payload?: unknown) => Promise<TestResponse>;
    must: (method: Method, url: string, user: TestUser, payload?: unknown) => Promise<Record<string, unknown>>;
};
/** Creates a category (answering its id) and reads a user's tree, as the category tests do. */
export declare function categoryCalls(t: () => TestApp): {
    create: (user: TestUser, body: Record<string, unknown>) => Promise<string>;
    tree: (user: TestUser) => Promise<{
        id: string;
        parentId: string | null;
        owner: {
            id: string;
            username: string;
        };
        name: string;
        description: string;
        visibility: "private" | "shared" | "public";
        fromLanguageCode: string | null;
        toLanguageCode: string | null;
        depth: number;
        createdAt: string;
        updatedAt: string;
        role: "viewer" | "editor" | "owner" | null;
        cardCount: number;
        memberCount: number;
    }[]>;
};
export declare const byId: (items: CategoryTreeItem[], id: string) => {
    id: string;
    parentId: string | null;
    owner: {
        id: string;
        username: string;
    };
    name: string;
    description: string;
    visibility: "private" | "shared" | "public";
    fromLanguageCode: string | null;
    toLanguageCode: string | null;
    depth: number;
    createdAt: string;
    updatedAt: string;
    role: "viewer" | "editor" | "owner" | null;
    cardCount: number;
    memberCount: number;
} | undefined;
export declare const uniqueLabel: (prefix: string) => string;
export declare const cardBody: (overrides?: Record<string, unknown>) => {
    front: string;
    answers: string[];
    fromLanguageCode: string;
    toLanguageCode: string;
};
export type Actor = 'owner' | 'editor' | 'viewer' | 'stranger' | 'anonymous';
export declare const actors: Actor[];
export interface SharedWorld {
    users: Record<Exclude<Actor, 'anonymous'>, TestUser>;
    as(actor: Actor): TestUser | undefined;
    /** A shared category of the owner with an editor and a viewer. */
    categoryId: string;
    /** A card of the owner in that category. */
    cardId: string;
    /** A private category of the owner and a card in it. */
    privateCategoryId: string;
    privateCardId: string;
}
/** An owner, an editor and a viewer of one shared category, and a stranger: fresh for each call. */
export declare function sharedWorld(t: TestApp): Promise<SharedWorld>;
export {};
