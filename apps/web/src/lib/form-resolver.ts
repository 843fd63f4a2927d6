import { zodResolver } from '@hookform/resolvers/zod';
import { i18n } from '@lingui/core';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type * as z4 from 'zod/v4/core';
import { contractMessages } from './contract-messages';

// The other ways to the contract's messages, from here: one file with the resolver (its chunk
// replaces zod's resolver's, no file more for the pages that preload it).
export { contractMessages, useContractMessages } from './contract-messages';

/** The errors with each `message` translated; `ref` (a field's element) is kept as it is. */
function translated(value: unknown, translate: (message: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item: unknown) => translated(item, translate));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]: [string, unknown]) => [
      key,
      key === 'ref'
        ? item
        : key === 'message' && typeof item === 'string'
          ? translate(item)
          : translated(item, translate),
    ]),
  );
}

/**
 * zod's resolver for react-hook-form, the one way a web form checks its values (lint refuses
 * zod's alone), with the contract's messages in the interface's language (contract-messages.ts):
 * the same words the server's 400 would say for the same values.
 */
export function formResolver<Schema extends z4.$ZodType<unknown, FieldValues>, Context = unknown>(
  schema: Schema,
): Resolver<z4.input<Schema>, Context, z4.output<Schema>> {
  const check: Resolver<z4.input<Schema>, Context, z4.output<Schema>> = zodResolver(schema);
  const resolve: Resolver<z4.input<Schema>, Context, z4.output<Schema>> = async (
    values,
    context,
    options,
  ) => {
    const locale = i18n.locale;
    const [result, catalog] = await Promise.all([
      check(values, context, options),
      contractMessages(locale),
    ]);
    // The language changed while its table loaded: checked again, so that a check started before
    // the change (useForm's after it) cannot end last with the former language's messages.
    if (i18n.locale !== locale) return resolve(values, context, options);
    if (!catalog || Object.keys(result.errors).length === 0) return result;
    const errors = translated(result.errors, catalog.translate) as FieldErrors<z4.input<Schema>>;
    return { values: {}, errors };
  };
  return resolve;
}

// The interface's table starts loading with the first form's check, so that its first check
// (often the submission) does not wait for it.
void contractMessages(i18n.locale);
