import type { FlaggableType } from '@inquire/shared';
import { lazy, Suspense, useState } from 'react';
import { completeStrings } from '../../lib/i18n';
import { useTranslation } from '../../lib/translation';
import { withChunkTimeout } from '../../lib/chunk';

// The dialog (its form, reasons and captcha) loads on the first click: most readers never flag.
const FlagDialog = lazy(() =>
  Promise.all([withChunkTimeout(import('./flag-dialog')), completeStrings()]).then(([m]) => ({
    default: m.FlagDialog,
  })),
);

/** A "Flag" link that opens the flag dialog; shown only where the server's flags allow flagging. */
export function FlagButton({
  objectId,
  objectType,
  className = '',
}: {
  objectId: string;
  objectType: FlaggableType;
  className?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`text-sm text-gray-600 hover:text-gray-900 hover:underline dark:text-gray-400 dark:hover:text-gray-100 ${className}`}
        onClick={() => setOpen(true)}
      >
        {t('ui.flag.action')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <FlagDialog objectId={objectId} objectType={objectType} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
