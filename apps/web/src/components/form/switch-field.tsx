import { useId, type ReactNode } from 'react';
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
