import { cloneElement, isValidElement, lazy, Suspense, useState, type ReactElement } from 'react';
import { completeStrings } from '../../lib/i18n';
import type { PopoverProps } from './popover-panel';
import { withChunkTimeout } from '../../lib/chunk';

// Radix's popover and its positioning code load when a reader first points at or uses a
// trigger, not with the page.
const loadPanel = () => Promise.all([withChunkTimeout(import('./popover-panel')), completeStrings()]).then(([m]) => m);
const PopoverPanel = lazy(() => loadPanel().then((m) => ({ default: m.PopoverPanel })));

/**
 * Rich content anchored to a trigger (share links, user cards); mounts only while open. Until
 * first used the trigger is rendered alone, as a closed popover's trigger; its first click
 * mounts the real popover already open.
 */
export function Popover(props: PopoverProps) {
  const [used, setUsed] = useState(false);
  if (!used && isValidElement(props.trigger)) {
    return cloneElement(props.trigger as ReactElement<Record<string, unknown>>, {
      'aria-haspopup': 'dialog',
      'aria-expanded': false,
      onPointerEnter: () => void loadPanel(),
      onFocus: () => void loadPanel(),
      onClick: () => setUsed(true),
    });
  }
  return (
    <Suspense fallback={props.trigger}>
      <PopoverPanel {...props} />
    </Suspense>
  );
}
