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
  return form;
}
