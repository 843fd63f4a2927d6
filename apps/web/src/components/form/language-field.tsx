import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { LanguageDropdown } from '../language-dropdown';

interface LanguageFieldProps<T extends FieldValues, C, O extends FieldValues> {
  control: Control<T, C, O>;
  name: FieldPath<T>;
  label: string;
}

/** A language code field of a react-hook-form form, picked with the searchable language list. */
export function LanguageField<T extends FieldValues, C, O extends FieldValues>({
  control,
  name,
  label,
}: LanguageFieldProps<T, C, O>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <LanguageDropdown
      label={label}
      name={field.name}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}
