import * as RadixPopover from '@radix-ui/react-popover';
import type { ReactNode } from 'react';

export interface PopoverProps {
  trigger: ReactNode;
  children: ReactNode;
  label: string;
}

/** Radix's popover behind `Popover` (popover.tsx), mounted open on the trigger's first click. */
export function PopoverPanel({ trigger, children, label }: PopoverProps) {
  return (
    <RadixPopover.Root defaultOpen>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          aria-label={label}
          sideOffset={8}
          className="z-50 w-72 rounded-lg border border-gray-200 bg-white p-4 text-sm text-gray-800 shadow-lg dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
        >
          {children}
          <RadixPopover.Arrow className="fill-white dark:fill-gray-900" />
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}
