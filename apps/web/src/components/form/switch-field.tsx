import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { Switch } from 'radix-ui';
import styles from './form.module.css';

export type SwitchFieldProps = {
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  id?: string;
  name?: string;
  disabled?: boolean;
  onBlur?: () => void;
};

/** An on/off setting: a Radix switch (role="switch") with its label and hint. */
export function SwitchField({
  label,
  hint,
  checked,
  onCheckedChange,
  id,
  name,
  disabled,
  onBlur,
}: SwitchFieldProps) {
  const generated = useId();
  const switchId = id ?? generated;
  const hintId = hint ? `${switchId}-hint` : undefined;
  return (
    <div className={styles.field}>
      <div className={styles.switchRow}>
        <label className={styles.label} htmlFor={switchId}>
          {label}
        </label>
        <Switch.Root
          id={switchId}
          name={name}
          className={styles.switch}
          checked={checked}
          onCheckedChange={onCheckedChange}
          onBlur={onBlur}
          disabled={disabled}
          aria-describedby={hintId}
        >
          <Switch.Thumb className={styles.thumb} />
        </Switch.Root>
      </div>
      {hint ? (
        <p className={styles.hint} id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export type CheckboxFieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'id' | 'children'
> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  id?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A native checkbox with its label, hint and inline error (works with `register`). */
export function CheckboxField({ label, hint, error, id, ref, ...input }: CheckboxFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <div className={styles.checkboxRow}>
        <input
          ref={ref}
          type="checkbox"
          id={inputId}
          className={styles.checkbox}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          {...input}
        />
        <label className={styles.label} htmlFor={inputId}>
          {label}
        </label>
      </div>
      {hint ? (
        <p className={styles.hint} id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className={styles.error} id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
