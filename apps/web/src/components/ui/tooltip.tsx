import * as RadixTooltip from '@radix-ui/react-tooltip';
import { cloneElement, isValidElement, type ReactNode } from 'react';

/** A short hint on hover and keyboard focus; its content mounts only while shown. */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactNode }) {
  // On the server a closed tooltip is only its trigger marked closed (the portal draws nothing
  // there): the same element Radix's trigger makes, without its seven components per hint, which
  // were a tenth of a member's question page render (the editor's toolbar has 13). The browser
  // hydrates it with Radix's.
  if (import.meta.env.SSR && isValidElement(children))
    return cloneElement(children, { 'data-state': 'closed' } as object);
  return (
    <RadixTooltip.Provider delayDuration={300}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            sideOffset={6}
            className="z-50 max-w-xs rounded-md bg-gray-900 px-2.5 py-1.5 text-xs text-white shadow-lg dark:bg-gray-100 dark:text-gray-900"
          >
            {content}
            <RadixTooltip.Arrow className="fill-gray-900 dark:fill-gray-100" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
