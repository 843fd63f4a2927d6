import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form's resolver whose code (zod and the contract's schemas, about 50 kB gzipped) is not part
 * of the page's first paint (decision 0031's addendum): `load` imports it on the first check (a
 * submission waits for it), or earlier with `preload`, which the form calls when the learner
 * first reaches one of its fields (its `onFocus`): making the schemas is a long task on a phone,
 * which the page's first seconds need not carry (decision 0031, fourth pass). A failed load
 * (offline) is tried again at the next check.
 */
export function lazyResolver<TFieldValues extends FieldValues, TContext, TTransformedValues>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformedValues>>,
) {
  let loading: Promise<Resolver<TFieldValues, TContext, TTransformedValues>> | undefined;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const resolver: Resolver<TFieldValues, TContext, TTransformedValues> = async (
    values,
    context,
    options,
  ) => (await get())(values, context, options);
  /** Loads the resolver ahead of the first check (a form's `onFocus`: focus events bubble). */
  const preload = () => {
    get().catch(() => undefined);
  };
  return { resolver, preload };
}
