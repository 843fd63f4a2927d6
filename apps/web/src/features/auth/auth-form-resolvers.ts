// The sign-in and sign-up forms' checks, loaded after their pages have shown (lib/lazy-resolver.ts):
// zod and the contract's schemas are not part of those pages' first paint (decision 0031).
import { zodResolver } from '@hookform/resolvers/zod';
import { createUserBodySchema, loginBodySchema } from '@glossa/contract';

export const loginResolver = zodResolver(loginBodySchema);
export const createUserResolver = zodResolver(createUserBodySchema);
