import { cloneElement, isValidElement, lazy, Suspense, useState, type ReactElement, type ReactNode } from 'react';
import { completeStrings } from '../../lib/i18n';
import { withChunkTimeout } from '../../lib/chunk';

export const menuItemClass =
  'block cursor-pointer rounded px-3 py-2 text-sm text-gray-800 outline-none data-[highlighted]:bg-gray-100 data-[disabled]:opacity-50 dark:text-gray-100 dark:data-[highlighted]:bg-gray-800';
export const menuContentClass =
  'z-50 min-w-48 rounded-md border border-gray-200 bg-white p-1 shadow-lg dark:border-gray-700 dark:bg-gray-900';

export type MenuEntry =
  | { kind: 'link'; label: ReactNode; to: string }
  | { kind: 'action'; label: ReactNode; onSelect(): void; danger?: boolean; disabled?: boolean }
  | { kind: 'separator' }
  | { kind: 'label'; label: ReactNode };

export interface MenuProps {
  trigger: ReactNode;
  entries: MenuEntry[];
  align?: 'start' | 'end';
  /** Open as it mounts: a deferred menu (deferred-menu.tsx) mounts on its first click. */
  defaultOpen?: boolean;
  /** Given together when something else opens the menu too (the review screen's A key). */
  open?: boolean;
  onOpenChange?(open: boolean): void;
}

// Radix's menu and its positioning code are a fifth of a page's script, and a reader who never
// opens a menu needs none of it: the code loads when the trigger is hovered, focused or used.
// Its items may show any string: the whole catalog comes with it.
export const loadDropdownMenu = () =>
  Promise.all([withChunkTimeout(import('./dropdown-menu')), completeStrings()]).then(([m]) => m);
const DropdownMenu = lazy(() => loadDropdownMenu().then((m) => ({ default: m.DropdownMenu })));

/**
 * A dropdown menu; its items mount only while open (cheap in long lists). Until first used the
 * trigger is rendered alone with the attributes of a closed menu's trigger; its first click (or
 * `open`) mounts the real menu already open.
 */
export function Menu(props: MenuProps) {
  const [used, setUsed] = useState(props.open === true || props.defaultOpen === true);
  if (props.open && !used) setUsed(true);
  if (!used && isValidElement(props.trigger)) {
    return cloneElement(props.trigger as ReactElement<Record<string, unknown>>, {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onPointerEnter: () => void loadDropdownMenu(),
      onFocus: () => void loadDropdownMenu(),
      onClick: () => {
        setUsed(true);
        props.onOpenChange?.(true);
      },
    });
  }
  return (
    <Suspense fallback={props.trigger}>
      <DropdownMenu {...props} defaultOpen={props.open === undefined ? true : props.defaultOpen} />
    </Suspense>
  );
}
