import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { describedBy, FieldNote } from './field';

export interface TagOption {
  slug_name: string;
  display_name: string;
  /** Marks of the site's write settings, shown beside a suggestion. */
  recommend?: boolean;
  reserved?: boolean;
}

interface TagInputProps {
  label: string;
  value: TagOption[];
  onChange(tags: TagOption[]): void;
  /** Suggestions for what was typed (the question form passes question/tags?tag=). */
  suggest(query: string): Promise<TagOption[]>;
  placeholder?: string;
  error?: string;
  help?: string;
  removeLabel(tag: string): string;
  max?: number;
  /** Words for the marks of suggestions (reserved, recommended). */
  markLabels?: { reserved: string; recommend: string };
  /**
   * Given when the reader may create tags: a typed name that matches no suggestion is offered
   * as a last option, and choosing it (or Enter) calls this instead of adding the name as is.
   */
  onCreate?(name: string): void;
  createLabel?(name: string): string;
}

/**
 * Chips plus a combobox: type to get suggestions, arrows to move, Enter to add, Backspace
 * on an empty input to remove the last chip (WAI-ARIA combobox pattern).
 */
export function TagInput({
  label,
  value,
  onChange,
  suggest,
  placeholder,
  error,
  help,
  removeLabel,
  max = 5,
  markLabels,
  onCreate,
  createLabel,
}: TagInputProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [query, setQuery] = useState('');
  const [options, setOptions] = useState<TagOption[]>([]);
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  const latest = useRef('');

  useEffect(() => {
    const text = query.trim();
    latest.current = text;
    if (!text) {
      setOptions([]);
      return;
    }
    const timer = setTimeout(() => {
      void suggest(text).then((found) => {
        if (latest.current !== text) return;
        setOptions(found.filter((o) => !value.some((v) => v.slug_name === o.slug_name)));
        setActive(0);
        setOpen(true);
      });
    }, 150);
    return () => clearTimeout(timer);
  }, [query, suggest, value]);

  const add = (tag: TagOption) => {
    if (value.length >= max || value.some((v) => v.slug_name === tag.slug_name)) return;
    onChange([...value, tag]);
    setQuery('');
    setOptions([]);
  };

  const typed = query.trim();
  const creatable =
    onCreate &&
    typed &&
    value.length < max &&
    !options.some((o) => o.slug_name === typed.toLowerCase().replace(/\s+/g, '-'))
      ? typed
      : '';
  const count = options.length + (creatable ? 1 : 0);
  const create = () => {
    onCreate?.(creatable);
    setQuery('');
    setOptions([]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && count) {
      event.preventDefault();
      setActive((active + 1) % count);
    } else if (event.key === 'ArrowUp' && count) {
      event.preventDefault();
      setActive((active - 1 + count) % count);
    } else if (event.key === 'Enter' && options[active]) {
      event.preventDefault();
      add(options[active]);
    } else if (event.key === 'Enter' && creatable) {
      event.preventDefault();
      create();
    } else if (event.key === 'Enter' && query.trim()) {
      // A new tag: the server decides whether this member may create it.
      event.preventDefault();
      const name = query.trim();
      add({ slug_name: name.toLowerCase().replace(/\s+/g, '-'), display_name: name });
    } else if (event.key === 'Escape') {
      setOptions([]);
      setOpen(false);
    } else if (event.key === 'Backspace' && !query && value.length) {
      onChange(value.slice(0, -1));
    }
  };

  const expanded = open && count > 0;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-gray-800 dark:text-gray-200">
        {label}
      </label>
      <div
        className={`relative flex flex-wrap items-center gap-1.5 rounded-md border bg-white px-2 py-1.5 dark:bg-gray-900 ${
          error ? 'border-red-600 dark:border-red-400' : 'border-gray-300 dark:border-gray-600'
        }`}
      >
        {value.map((tag) => (
          <span
            key={tag.slug_name}
            className="inline-flex items-center gap-1 rounded bg-primary-50 px-2 py-0.5 text-xs text-gray-900 dark:bg-gray-800 dark:text-gray-100"
          >
            {tag.display_name}
            <button
              type="button"
              aria-label={removeLabel(tag.display_name)}
              className="rounded px-0.5 text-gray-600 hover:text-gray-900 dark:text-gray-300 dark:hover:text-white"
              onClick={() => onChange(value.filter((v) => v.slug_name !== tag.slug_name))}
            >
              ×
            </button>
          </span>
        ))}
        <input
          id={id}
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, help)}
          value={query}
          placeholder={value.length ? undefined : placeholder}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() =>
            setTimeout(() => {
              setOptions([]);
              setOpen(false);
            }, 120)
          }
          className="min-w-24 flex-1 bg-transparent px-1 py-1 text-sm text-gray-900 outline-none placeholder:text-gray-500 dark:text-gray-100 dark:placeholder:text-gray-400"
        />
        {expanded ? (
          <ul
            id={listId}
            role="listbox"
            aria-label={label}
            className="absolute inset-x-0 top-full z-30 mt-1 max-h-60 overflow-auto rounded-md border border-gray-200 bg-white p-1 shadow-lg dark:border-gray-700 dark:bg-gray-900"
          >
            {options.map((option, index) => (
              <li
                key={option.slug_name}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                onMouseDown={(e) => {
                  e.preventDefault();
                  add(option);
                }}
                className={`cursor-pointer rounded px-3 py-1.5 text-sm ${
                  index === active ? 'bg-gray-100 dark:bg-gray-800' : ''
                } text-gray-900 dark:text-gray-100`}
              >
                {option.display_name}{' '}
                {markLabels && (option.reserved || option.recommend) ? (
                  <span className="ms-2 rounded bg-gray-100 px-1.5 py-0.5 text-xs text-gray-800 dark:bg-gray-800 dark:text-gray-200">
                    {option.reserved ? markLabels.reserved : markLabels.recommend}
                  </span>
                ) : null}
              </li>
            ))}
            {creatable ? (
              <li
                id={`${listId}-${options.length}`}
                role="option"
                aria-selected={active === options.length}
                onMouseDown={(e) => {
                  e.preventDefault();
                  create();
                }}
                className={`cursor-pointer rounded px-3 py-1.5 text-sm text-primary-text ${
                  active === options.length ? 'bg-gray-100 dark:bg-gray-800' : ''
                }`}
              >
                {createLabel ? createLabel(creatable) : creatable}
              </li>
            ) : null}
          </ul>
        ) : null}
      </div>
      <FieldNote id={id} help={help} error={error} />
    </div>
  );
}
