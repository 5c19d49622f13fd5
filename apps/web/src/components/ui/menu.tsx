import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export const menuItemClass =
  'block cursor-pointer rounded px-3 py-2 text-sm text-gray-800 outline-none data-[highlighted]:bg-gray-100 data-[disabled]:opacity-50 dark:text-gray-100 dark:data-[highlighted]:bg-gray-800';
export const menuContentClass =
  'z-50 min-w-48 rounded-md border border-gray-200 bg-white p-1 shadow-lg dark:border-gray-700 dark:bg-gray-900';

export type MenuEntry =
  | { kind: 'link'; label: ReactNode; to: string }
  | { kind: 'action'; label: ReactNode; onSelect(): void; danger?: boolean; disabled?: boolean }
  | { kind: 'separator' }
  | { kind: 'label'; label: ReactNode };

/** A dropdown menu; its items mount only while open (cheap in long lists). */
export function Menu({
  trigger,
  entries,
  align = 'end',
  defaultOpen = false,
  open,
  onOpenChange,
}: {
  trigger: ReactNode;
  entries: MenuEntry[];
  align?: 'start' | 'end';
  /** Open as it mounts: a deferred menu (deferred-menu.tsx) mounts on its first click. */
  defaultOpen?: boolean;
  /** Given together when something else opens the menu too (the review screen's A key). */
  open?: boolean;
  onOpenChange?(open: boolean): void;
}) {
  return (
    <RadixMenu.Root defaultOpen={defaultOpen} open={open} onOpenChange={onOpenChange}>
      <RadixMenu.Trigger asChild>{trigger}</RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content className={menuContentClass} align={align} sideOffset={6}>
          {entries.map((entry, index) => {
            if (entry.kind === 'separator') {
              return <RadixMenu.Separator key={index} className="my-1 h-px bg-gray-200 dark:bg-gray-700" />;
            }
            if (entry.kind === 'label') {
              return (
                <RadixMenu.Label key={index} className="px-3 py-2 text-xs text-gray-600 dark:text-gray-400">
                  {entry.label}
                </RadixMenu.Label>
              );
            }
            if (entry.kind === 'link') {
              return (
                <RadixMenu.Item key={index} asChild>
                  <Link to={entry.to} className={menuItemClass}>
                    {entry.label}
                  </Link>
                </RadixMenu.Item>
              );
            }
            return (
              <RadixMenu.Item
                key={index}
                disabled={entry.disabled}
                onSelect={entry.onSelect}
                className={`${menuItemClass} ${entry.danger ? 'text-red-700 dark:text-red-400' : ''}`}
              >
                {entry.label}
              </RadixMenu.Item>
            );
          })}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
}
