// The sign-in and sign-up forms' checks, loaded after their pages have shown (lib/lazy-resolver.ts):
// zod and the contract's schemas are not part of those pages' first paint (decision 0031), nor is
// the table of the contract's messages in the interface's language (lib/form-resolver.ts).
import { formResolver } from '../../lib/form-resolver';
import { createUserBodySchema, loginBodySchema } from '@glossa/contract';

export const loginResolver = formResolver(loginBodySchema);
export const createUserResolver = formResolver(createUserBodySchema);
