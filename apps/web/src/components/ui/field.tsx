import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

const CONTROL =
  'block w-full rounded-md border bg-white px-3 py-2 text-sm text-gray-900 shadow-xs placeholder:text-gray-400 focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-200 dark:bg-gray-900 dark:text-gray-100 dark:focus:ring-primary-800';

function controlClass(error: string | undefined): string {
  return `${CONTROL} ${error ? 'border-red-500 dark:border-red-400' : 'border-gray-300 dark:border-gray-600'}`;
}

interface FieldShellProps {
  id: string;
  label: ReactNode;
  help?: ReactNode;
  error?: string;
  children: ReactNode;
}

/** Label, control, help text, and the field's error beside it (spec section 8). */
function FieldShell({ id, label, help, error, children }: FieldShellProps) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-gray-800 dark:text-gray-200">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : help ? (
        <p id={`${id}-help`} className="text-sm text-gray-500 dark:text-gray-400">
          {help}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, error?: string, help?: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  return help ? `${id}-help` : undefined;
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  help?: ReactNode;
  error?: string;
}

export function TextField({ label, help, error, className = '', ...rest }: TextFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} help={help} error={error}>
      <input
        id={id}
        className={`${controlClass(error)} ${className}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, help)}
        {...rest}
      />
    </FieldShell>
  );
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  help?: ReactNode;
  error?: string;
  options: readonly { value: string; label: string }[];
}

export function SelectField({ label, help, error, options, ...rest }: SelectFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} help={help} error={error}>
      <select
        id={id}
        className={controlClass(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, help)}
        {...rest}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: ReactNode;
}

export function Checkbox({ label, ...rest }: CheckboxProps) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <input id={id} type="checkbox" className="h-4 w-4 rounded border-gray-300 accent-primary-600" {...rest} />
      <label htmlFor={id} className="text-sm text-gray-800 dark:text-gray-200">
        {label}
      </label>
    </div>
  );
}
