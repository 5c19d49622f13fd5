import { lazy, Suspense, useState, type ReactNode } from 'react';
import { completeStrings } from '../../lib/i18n';
import type { MenuEntry } from './menu';
import { withChunkTimeout } from '../../lib/chunk';

// Radix's menu (with its positioning and focus code) is a fifth of the first-load script, and
// a reader who never opens a menu needs none of it.
// Its items may show any string: the whole catalog comes with it.
const loadMenu = () => Promise.all([withChunkTimeout(import('./dropdown-menu')), completeStrings()]).then(([m]) => m);
const Menu = lazy(() => loadMenu().then((m) => ({ default: m.DropdownMenu })));

/**
 * A dropdown menu for always-visible places (the site header) whose code loads on first use:
 * until then the trigger is a plain button; hovering or focusing it fetches the menu, and the
 * first click mounts the real menu already open. Items are data (`MenuEntry`), as in `Menu`.
 */
export function DeferredMenu({
  label,
  triggerClass,
  trigger,
  entries,
  align,
}: {
  label: string;
  triggerClass: string;
  trigger: ReactNode;
  entries: MenuEntry[];
  align?: 'start' | 'end';
}) {
  const [used, setUsed] = useState(false);
  const button = (onClick?: () => void) => (
    <button
      type="button"
      className={triggerClass}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={onClick ? false : undefined}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={onClick}
    >
      {trigger}
    </button>
  );
  if (!used) return button(() => setUsed(true));
  return (
    <Suspense fallback={button()}>
      <Menu trigger={button()} entries={entries} align={align} defaultOpen />
    </Suspense>
  );
}
