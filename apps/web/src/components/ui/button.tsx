import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-primary-solid text-on-primary-solid shadow-xs hover:brightness-110 active:brightness-95',
  secondary:
    'border border-gray-300 bg-white text-gray-800 shadow-xs hover:bg-gray-50 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100 dark:hover:bg-gray-800',
  ghost: 'text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800',
  danger: 'bg-red-700 text-white shadow-xs hover:bg-red-800',
  link: 'text-primary-text underline-offset-2 hover:underline',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-11 px-5 text-base',
};

/** Classes of a button, for links that look like buttons. */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = ''): string {
  const base =
    'inline-flex items-center justify-center gap-2 rounded-md font-medium transition disabled:cursor-not-allowed disabled:opacity-60';
  return `${base} ${variant === 'link' ? 'px-0' : SIZES[size]} ${VARIANTS[variant]} ${extra}`.trim();
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
