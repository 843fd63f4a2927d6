import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Icon } from '../../../components/icon';
import styles from '../organize.module.css';

export interface DialogFrameProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: ReactNode;
  children: ReactNode;
}

/** A modal dialog of this feature: title, description, a close button and the content. */
export function DialogFrame({
  open,
  onOpenChange,
  title,
  description,
  children,
}: DialogFrameProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <div className={styles.dialogHead}>
            <Dialog.Title className={styles.dialogTitle}>{title}</Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className={styles.iconButton} aria-label="Close">
                <Icon name="close" size={18} />
              </button>
            </Dialog.Close>
          </div>
          <Dialog.Description className={styles.dialogDescription}>
            {description}
          </Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export const DialogClose = Dialog.Close;
