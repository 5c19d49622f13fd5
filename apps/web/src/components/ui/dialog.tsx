import { lazy, Suspense, useState } from 'react';
import { completeStrings } from '../../lib/i18n';
import type { DialogProps } from './modal-dialog';
import { withChunkTimeout } from '../../lib/chunk';

// Radix's dialog (focus trap, scroll lock, portal) is a tenth of a page's script, and most
// readers never open one: its code loads when a dialog first opens (with every string it may show).
const ModalDialog = lazy(() =>
  Promise.all([withChunkTimeout(import('./modal-dialog')), completeStrings()]).then(([m]) => ({
    default: m.ModalDialog,
  })),
);

/**
 * An accessible modal; its content mounts only while open. Closed, it renders nothing (as
 * Radix's closed dialog does, so the server's HTML is the same); once opened it stays mounted
 * so closing returns focus as Radix does.
 */
export function Dialog(props: DialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  );
}
