import { useLingui } from '@lingui/react';
import { useEffect } from 'react';
import {
  useForm as useReactHookForm,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';

/**
 * The fields whose shown error came from the form's check (its resolver): not the form-level
 * errors (`root`), nor the server's answers (`type: 'server'`, applyServerErrors), which a check
 * in the browser cannot give again and would take away.
 */
function checkedErrorNames(errors: FieldErrors): string[] {
  const names: string[] = [];
  const visit = (node: unknown, path: string) => {
    if (node === null || typeof node !== 'object') return;
    if ('type' in node && typeof node.type === 'string') {
      if (node.type !== 'server') names.push(path);
      return;
    }
    for (const [key, child] of Object.entries(node)) {
      if (key !== 'ref') visit(child, `${path}.${key}`);
    }
  };
  for (const [name, error] of Object.entries(errors)) {
    if (name !== 'root') visit(error, name);
  }
  return names;
}

/**
 * react-hook-form's `useForm`, the one way a web form is made (lint refuses the library's own
 * elsewhere), whose shown errors follow a change of the interface language (decision 0037): the
 * fields that show an error of the form's check are checked again, in the new language, as every
 * other text on screen changes at once. Only those fields: none is marked touched, and a field
 * without an error gets none. The server's errors keep the language of their answer.
 */
export function useForm<
  TFieldValues extends FieldValues = FieldValues,
  TContext = unknown,
  TTransformedValues = TFieldValues,
>(
  props?: UseFormProps<TFieldValues, TContext, TTransformedValues>,
): UseFormReturn<TFieldValues, TContext, TTransformedValues> {
  const form = useReactHookForm(props);
  const locale = useLingui().i18n.locale;
  useEffect(() => {
    // Run again by a change of `locale`; as the form mounts it shows no error, nothing to check.
    const names = checkedErrorNames(form.formState.errors) as FieldPath<TFieldValues>[];
    if (names.length > 0) void form.trigger(names);
  }, [locale, form]);
  useEffect(() => {
    // A prerendered page's fields (sign-in, sign-up, forgotten password) can be typed in before
    // the app has started (lib/prerendered.ts). The app hydrates them, holding what was typed, and
    // react-hook-form takes those values in as it registers the fields, but tells no watcher (the
    // sign-up's strength meter) until the next keystroke. Told once, after the first render's
    // effects: a value set again as it is tells no one, so each goes through empty and back (in
    // one task, nothing painted between), the caret kept where the visitor left it.
    const defaults = (form.formState.defaultValues ?? {}) as Record<string, unknown>;
    queueMicrotask(() => {
      for (const [name, value] of Object.entries(form.getValues() as Record<string, unknown>)) {
        if (typeof value !== 'string' || value === '' || value === defaults[name]) continue;
        const field = document.activeElement;
        const typedIn = field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement;
        const caret =
          typedIn && field.name === name
            ? ([field.selectionStart, field.selectionEnd] as const)
            : null;
        const path = name as FieldPath<TFieldValues>;
        form.setValue(path, '' as never);
        form.setValue(path, value as never);
        if (caret && typedIn) {
          try {
            field.setSelectionRange(caret[0], caret[1]);
          } catch {
            // Some input types (e-mail) have no selection to set.
          }
        }
      }
    });
  }, [form]);
  return form;
}
