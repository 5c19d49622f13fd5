import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import { Link } from 'react-router';
import { menuContentClass, menuItemClass, type MenuProps } from './menu';

/** Radix's dropdown menu behind `Menu` (menu.tsx); its items mount only while open. */
export function DropdownMenu({ trigger, entries, align = 'end', defaultOpen = false, open, onOpenChange }: MenuProps) {
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
