import { useLingui } from '@lingui/react/macro';
import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { FieldShell } from './field-shell';
import styles from './form.module.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id' | 'children'>;

export type TextFieldProps = InputProps & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  id?: string;
  type?: 'text' | 'email' | 'search' | 'url' | 'tel';
  ref?: Ref<HTMLInputElement>;
};

/** A text, e-mail or similar input with its label, hint and inline error. */
export function TextField({
  label,
  hint,
  error,
  id,
  type = 'text',
  ref,
  ...input
}: TextFieldProps) {
  return (
    <FieldShell label={label} hint={hint} error={error} id={id}>
      {(a11y) => <input ref={ref} type={type} className={styles.input} {...input} {...a11y} />}
    </FieldShell>
  );
}

export type PasswordFieldProps = InputProps & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  id?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A password input with a show/hide toggle that says what it does to screen readers. */
export function PasswordField({ label, hint, error, id, ref, ...input }: PasswordFieldProps) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell label={label} hint={hint} error={error} id={id}>
      {(a11y) => (
        <div className={styles.inputRow}>
          <input
            ref={ref}
            type={visible ? 'text' : 'password'}
            className={styles.input}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            {...input}
            {...a11y}
          />
          <button
            type="button"
            className={styles.toggle}
            aria-controls={a11y.id}
            aria-pressed={visible}
            aria-label={visible ? t`Hide password` : t`Show password`}
            onClick={() => setVisible((value) => !value)}
            disabled={input.disabled}
          >
            {visible ? t`Hide` : t`Show`}
          </button>
        </div>
      )}
    </FieldShell>
  );
}
