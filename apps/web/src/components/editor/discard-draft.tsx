import { useState } from 'react';
import { useTranslation } from '../../lib/translation';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

/**
 * "Discard draft" beside a form's submit button (spec section 4: a draft is removed on
 * discard). It asks first, in the site's own dialog (never the browser's), then calls
 * `onDiscard`, which removes the stored draft and empties the form.
 */
export function DiscardDraft({ onDiscard, disabled = false }: { onDiscard(): void; disabled?: boolean }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button type="button" variant="ghost" disabled={disabled} onClick={() => setAsking(true)}>
        {t('ui.draft.discard')}
      </Button>
      <Dialog
        open={asking}
        onOpenChange={setAsking}
        title={t('ui.draft.discard_title')}
        footer={
          <>
            <Button type="button" variant="secondary" onClick={() => setAsking(false)}>
              {t('ui.dialog.cancel')}
            </Button>
            <Button
              type="button"
              variant="danger"
              onClick={() => {
                setAsking(false);
                onDiscard();
              }}
            >
              {t('ui.draft.discard_confirm')}
            </Button>
          </>
        }
      >
        {t('ui.draft.discard_body')}
      </Dialog>
    </>
  );
}
