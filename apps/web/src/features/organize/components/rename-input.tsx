import { useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import styles from './rename-input.module.css';

export interface RenameInputProps {
  name: string;
  pending: boolean;
  onSave(name: string): Promise<boolean>;
  onCancel(): void;
}

/** The inline rename field: Enter saves, Escape cancels, leaving the field saves. */
export function RenameInput({ name, pending, onSave, onCancel }: RenameInputProps) {
  const { t } = useLingui();
  const [value, setValue] = useState(name);
  // Enter or Escape settles the edit; the blur that follows must not save a second time.
  const settled = useRef(false);
  const save = () => {
    if (settled.current) return;
    settled.current = true;
    void onSave(value).then((saved) => {
      settled.current = saved;
    });
  };
  return (
    <input
      className={styles.renameInput}
      aria-label={t`New name for “${name}”`}
      value={value}
      disabled={pending}
      maxLength={100}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- the learner asked to rename this item
      autoFocus
      onFocus={(event) => event.currentTarget.select()}
      onChange={(event) => setValue(event.target.value)}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === 'Enter') {
          event.preventDefault();
          save();
        } else if (event.key === 'Escape') {
          event.preventDefault();
          if (!settled.current) {
            settled.current = true;
            onCancel();
          }
        }
      }}
      onBlur={save}
    />
  );
}
