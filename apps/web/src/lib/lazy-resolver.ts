import type { FieldValues, Resolver } from 'react-hook-form';
import { whenIdle } from './when-idle';

/**
 * A form's resolver whose code (zod and the contract's schemas, about 50 kB gzipped) is not part
 * of the page's first paint (decision 0031's addendum): `load` imports it on the first check (a
 * submission waits for it), or earlier with `preloadWhenIdle`, once the page has shown. A failed
 * load (offline) is tried again at the next check.
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
  /** For an effect: loads the resolver once the page has shown; returns the cancel. */
  const preloadWhenIdle = () =>
    whenIdle(() => {
      get().catch(() => undefined);
    });
  return { resolver, preloadWhenIdle };
}
