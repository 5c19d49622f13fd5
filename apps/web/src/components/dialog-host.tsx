import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from '../lib/translation';
import { uiEvents } from '../lib/ui-events';
import { Button } from './ui/button';
import { withChunkTimeout } from '../lib/chunk';

// Radix's dialog loads with the first message: most pages never show one.
const Dialog = lazy(() => withChunkTimeout(import('./ui/dialog')).then((m) => ({ default: m.Dialog })));

/**
 * Dialogs the HTTP client asks for: a 400 with no details shows its message with only a
 * close button; err_type "modal" shows a confirm dialog (spec section 8).
 */
export function DialogHost() {
  const { t } = useTranslation();
  const [message, setMessage] = useState<{ text: string; confirm: boolean } | null>(null);

  useEffect(
    () =>
      uiEvents.subscribe((event) => {
        if (event.type === 'alert') setMessage({ text: event.message, confirm: false });
        if (event.type === 'confirm') setMessage({ text: event.message, confirm: true });
      }),
    [],
  );

  const close = () => setMessage(null);
  if (message === null) return null;
  return (
    <Suspense fallback={null}>
      <Dialog
        open
        onOpenChange={(open) => (open ? undefined : close())}
        title={t('ui.dialog.error_title')}
        footer={
          message.confirm ? (
            <>
              <Button variant="secondary" onClick={close}>
                {t('ui.dialog.cancel')}
              </Button>
              <Button onClick={close}>{t('ui.dialog.confirm')}</Button>
            </>
          ) : (
            <Button variant="secondary" onClick={close}>
              {t('ui.dialog.close')}
            </Button>
          )
        }
      >
        {message.text}
      </Dialog>
    </Suspense>
  );
}
