import { useLingui } from '@lingui/react/macro';
import type { ComponentPropsWithoutRef, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './button.module.css';
import { Spinner } from './spinner';
import { toastClearanceAttribute } from './toast-clearance';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width of its container. */
  block?: boolean;
}

export function buttonClassName({
  variant = 'primary',
  size = 'md',
  block = false,
  className,
}: StyleProps & { className?: string }): string {
  return [styles.button, styles[variant], styles[size], block ? styles.block : '', className ?? '']
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ComponentPropsWithoutRef<'button'>, StyleProps {
  /** Shows a spinner, disables the button and marks it busy. */
  loading?: boolean;
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant,
  size,
  block,
  loading = false,
  icon,
  className,
  disabled,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const { t } = useLingui();
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, block, className })}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      // Toasts rise above the buttons that carry an action forward (toast-clearance.ts).
      {...(variant === undefined || variant === 'primary' || variant === 'danger'
        ? { [toastClearanceAttribute]: '' }
        : {})}
      {...rest}
    >
      {loading ? <Spinner size="sm" label={t`Working`} /> : icon}
      {children}
    </button>
  );
}

export interface ButtonLinkProps extends LinkProps, StyleProps {
  icon?: ReactNode;
}

/** A link that looks like a button (navigation stays a link for assistive tech). */
export function ButtonLink({
  variant,
  size,
  block,
  icon,
  className,
  children,
  ...rest
}: ButtonLinkProps) {
  return (
    <Link className={buttonClassName({ variant, size, block, className })} {...rest}>
      {icon}
      {children}
    </Link>
  );
}
