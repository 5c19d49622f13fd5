import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

/**
 * Classes of a button, for links that look like buttons: one component class each for the
 * shape, the size and the variant (styles.css, `btn-*`), as every page repeats its buttons.
 * A link-variant button has no size (no padding, its text's height).
 */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = ''): string {
  return `btn ${variant === 'link' ? 'px-0' : `btn-${size}`} btn-${variant} ${extra}`.trim();
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and disables the button while an action runs. */
  loading?: boolean;
  children: ReactNode;
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  className = '',
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass(variant, size, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size="sm" /> : null}
      {children}
    </button>
  );
}

interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The accessible name: an icon alone says nothing to a screen reader. */
  label: string;
  size?: 'sm' | 'md';
  children: ReactNode;
}

export function IconButton({
  label,
  size = 'md',
  className = '',
  type = 'button',
  children,
  ...rest
}: IconButtonProps) {
  const dims = size === 'sm' ? 'h-8 w-8' : 'h-10 w-10';
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={`inline-flex ${dims} items-center justify-center rounded-md text-gray-700 transition hover:bg-gray-100 disabled:opacity-60 dark:text-gray-200 dark:hover:bg-gray-800 ${className}`}
      {...rest}
    >
      {children}
    </button>
  );
}

/** Classes of an inline text link in the primary colour. */
export const linkClass = 'font-medium text-primary-text underline-offset-2 hover:underline';
