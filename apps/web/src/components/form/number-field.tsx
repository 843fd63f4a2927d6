import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldShell } from './field-shell';
import styles from './form.module.css';

export type NumberFieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'id' | 'min' | 'max' | 'step' | 'children'
> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  id?: string;
  min: number;
  max: number;
  step: number | 'any';
  /** A unit shown after the number ("%"); the label should name it for screen readers. */
  unit?: string;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A number input with its bounds. The bounds are also checked by the form's schema, so the
 * message is the same whether the browser or the schema catches the value.
 */
export function NumberField({
  label,
  hint,
  error,
  id,
  min,
  max,
  step,
  unit,
  ref,
  ...input
}: NumberFieldProps) {
  return (
    <FieldShell label={label} hint={hint} error={error} id={id}>
      {(a11y) => {
        const field = (
          <input
            ref={ref}
            type="number"
            inputMode="decimal"
            className={styles.input}
            min={min}
            max={max}
            step={step}
            {...input}
            {...a11y}
          />
        );
        return unit ? (
          <span className={styles.unitRow}>
            {field}
            <span className={styles.unit} aria-hidden="true">
              {unit}
            </span>
          </span>
        ) : (
          field
        );
      }}
    </FieldShell>
  );
}
