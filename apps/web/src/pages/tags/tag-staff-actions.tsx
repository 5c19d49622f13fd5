import type { TagDetail } from '@inquire/shared';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { API_BASE, http } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { toast } from '../../lib/ui-events';

/** Delete and recover for staff (the server's `actions`), each after a confirmation. */
export function TagStaffActions({ tag }: { tag: TagDetail }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [asking, setAsking] = useState<'delete' | 'recover' | null>(null);
  const [busy, setBusy] = useState(false);
  if (!tag.actions.delete && !tag.actions.undelete) return null;

  async function confirm() {
    setBusy(true);
    const done = await (
      asking === 'delete'
        ? http.delete(`${API_BASE}/tag`, { tag_id: tag.tag_id })
        : http.post(`${API_BASE}/tag/recover`, { tag_id: tag.tag_id })
    )
      .then(() => true)
      .catch(() => false);
    if (done) toast(t(asking === 'delete' ? 'ui.tags.deleted_toast' : 'ui.tags.recovered_toast'));
    setBusy(false);
    setAsking(null);
    await revalidator.revalidate();
  }

  return (
    <>
      {tag.actions.delete ? (
        <Button variant="secondary" size="sm" onClick={() => setAsking('delete')}>
          {t('ui.tags.delete')}
        </Button>
      ) : (
        <Button variant="secondary" size="sm" onClick={() => setAsking('recover')}>
          {t('ui.tags.recover')}
        </Button>
      )}
      <Dialog
        open={asking !== null}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title={t(asking === 'recover' ? 'ui.tags.recover_confirm_title' : 'ui.tags.delete_confirm_title')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setAsking(null)}>
              {t('ui.tags.cancel')}
            </Button>
            <Button variant={asking === 'delete' ? 'danger' : 'primary'} loading={busy} onClick={() => void confirm()}>
              {t(asking === 'recover' ? 'ui.tags.recover' : 'ui.tags.delete')}
            </Button>
          </>
        }
      >
        {t(asking === 'recover' ? 'ui.tags.recover_confirm' : 'ui.tags.delete_confirm', { tag: tag.display_name })}
      </Dialog>
    </>
  );
}
