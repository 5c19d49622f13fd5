import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

const CONTROL =
  'block w-full rounded-md border bg-white px-3 py-2 text-sm text-gray-900 shadow-xs placeholder:text-gray-500 focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-200 disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-500 dark:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-400 dark:focus:ring-primary-800 dark:disabled:bg-gray-800';

export function controlClass(error: string | undefined): string {
  return `${CONTROL} ${error ? 'border-red-600 dark:border-red-400' : 'border-gray-300 dark:border-gray-600'}`;
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
      <FieldNote id={id} help={help} error={error} />
    </div>
  );
}

/** A field's error, or else its help text, under the control (ids `${id}-error` / `${id}-help`). */
export function FieldNote({ id, help, error }: { id: string; help?: ReactNode; error?: string }) {
  if (error) {
    return (
      <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
        {error}
      </p>
    );
  }
  if (!help) return null;
  return (
    <p id={`${id}-help`} className="text-sm text-gray-600 dark:text-gray-400">
      {help}
    </p>
  );
}

export function describedBy(id: string, error?: string, help?: ReactNode): string | undefined {
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

interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  help?: ReactNode;
  error?: string;
}

export function TextArea({ label, help, error, className = '', rows = 4, ...rest }: TextAreaProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} help={help} error={error}>
      <textarea
        id={id}
        rows={rows}
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
  help?: ReactNode;
  error?: string;
}

export function Checkbox({ label, help, error, ...rest }: CheckboxProps) {
  const id = useId();
  return (
    <div className="space-y-1">
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          className="h-4 w-4 rounded border-gray-300 accent-[var(--primary-solid)]"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, help)}
          {...rest}
        />
        <label htmlFor={id} className="text-sm text-gray-800 dark:text-gray-200">
          {label}
        </label>
      </div>
      <FieldNote id={id} help={help} error={error} />
    </div>
  );
}

interface RadioGroupProps {
  legend: ReactNode;
  name: string;
  value: string;
  options: readonly { value: string; label: ReactNode }[];
  onChange(value: string): void;
  help?: ReactNode;
  error?: string;
  disabled?: boolean;
}

export function RadioGroup({ legend, name, value, options, onChange, help, error, disabled }: RadioGroupProps) {
  const id = useId();
  return (
    <fieldset className="space-y-2" aria-describedby={describedBy(id, error, help)}>
      <legend className="text-sm font-medium text-gray-800 dark:text-gray-200">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="flex items-center gap-2 text-sm text-gray-800 dark:text-gray-200">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            disabled={disabled}
            onChange={() => onChange(option.value)}
            className="h-4 w-4 accent-[var(--primary-solid)]"
          />
          {option.label}
        </label>
      ))}
      <FieldNote id={id} help={help} error={error} />
    </fieldset>
  );
}

interface SwitchProps {
  label: ReactNode;
  checked: boolean;
  onChange(checked: boolean): void;
  help?: ReactNode;
  disabled?: boolean;
}

/** An on/off switch: a button with role="switch", operable by keyboard like any button. */
export function Switch({ label, checked, onChange, help, disabled }: SwitchProps) {
  const id = useId();
  return (
    <div className="space-y-1">
      <div className="flex items-center gap-3">
        <button
          id={id}
          type="button"
          role="switch"
          aria-checked={checked}
          aria-describedby={help ? `${id}-help` : undefined}
          disabled={disabled}
          onClick={() => onChange(!checked)}
          className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition disabled:opacity-60 ${
            checked ? 'bg-primary-solid' : 'bg-gray-300 dark:bg-gray-600'
          }`}
        >
          <span
            aria-hidden="true"
            className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${
              checked ? 'translate-x-5 rtl:-translate-x-5' : 'translate-x-0.5 rtl:-translate-x-0.5'
            }`}
          />
        </button>
        <label htmlFor={id} className="text-sm text-gray-800 dark:text-gray-200">
          {label}
        </label>
      </div>
      <FieldNote id={id} help={help} />
    </div>
  );
}
