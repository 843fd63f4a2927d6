import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '../button';

export type SubmitButtonProps = Omit<ButtonProps, 'type' | 'loading'> & {
  pending: boolean;
  /** What the button says while the request runs, e.g. "Signing in…". */
  pendingLabel?: ReactNode;
  children: ReactNode;
};

/** A submit button that is disabled, busy and says so while its form is being sent. */
export function SubmitButton({ pending, pendingLabel, children, ...button }: SubmitButtonProps) {
  return (
    <Button type="submit" loading={pending} {...button}>
      {pending && pendingLabel ? pendingLabel : children}
    </Button>
  );
}
