import { useRef, useState, type KeyboardEvent } from 'react';
import { Avatar } from '../../components/avatar';
import { controlClass } from '../../components/ui/field';
import { useTranslation } from '../../lib/translation';
import { useUserSearch } from './user-search';

/** The `@name` being typed just before the caret, if any. */
const TYPING_MENTION = /(^|[^\w@/[\]])@([a-z0-9._-]{0,30})$/i;

interface MentionTextareaProps {
  id: string;
  value: string;
  error?: string;
  label: string;
  onChange(value: string): void;
}

/**
 * A comment box: typing `@` and a few letters opens a list of members (user/info/search);
 * choosing one writes `@username`, which the server turns into a link to their profile.
 * The list is an ARIA listbox driven from the textarea (arrows, Enter or Tab, Escape).
 */
export function MentionTextarea({ id, value, error, label, onChange }: MentionTextareaProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const hits = useUserSearch(query ?? '');
  const open = query !== null && hits.length > 0;
  const listId = `${id}-mentions`;

  function track(text: string, caret: number) {
    const match = TYPING_MENTION.exec(text.slice(0, caret));
    setQuery(match && match[2] ? (match[2] as string) : null);
    setActive(0);
  }

  function choose(username: string) {
    const area = ref.current;
    const caret = area?.selectionStart ?? value.length;
    const before = value.slice(0, caret).replace(/@[a-z0-9._-]*$/i, () => `@${username} `);
    const next = before + value.slice(caret);
    onChange(next);
    setQuery(null);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(before.length, before.length);
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + hits.length) % hits.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      const hit = hits[active];
      if (hit) choose(hit.username);
    } else if (event.key === 'Escape') {
      setQuery(null);
    }
  }

  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        rows={2}
        value={value}
        aria-autocomplete="list"
        aria-controls={listId}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          onChange(e.target.value);
          track(e.target.value, e.target.selectionStart);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setQuery(null), 150)}
        className={controlClass(error)}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t('ui.interactions.mention_list')}
        hidden={!open}
        className="absolute start-0 top-full z-20 mt-1 w-64 overflow-hidden rounded-md border border-gray-200 bg-white shadow-lg dark:border-gray-700 dark:bg-gray-900"
      >
        {open
          ? hits.map((hit, i) => (
              <li
                key={hit.username}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(hit.username);
                }}
                className={`flex cursor-pointer items-center gap-2 px-3 py-2 text-sm ${i === active ? 'bg-gray-100 dark:bg-gray-800' : ''}`}
              >
                <Avatar src={hit.avatar} name={hit.display_name} size={20} />
                <span className="font-medium">{hit.display_name}</span>
                <span className="text-gray-600 dark:text-gray-400">@{hit.username}</span>
              </li>
            ))
          : null}
      </ul>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
