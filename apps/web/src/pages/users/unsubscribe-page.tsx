import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, linkClass } from '../../components/ui/button';
import { ApiError, API_BASE, http } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { AuthCard, formCardClass } from './auth-card';

type State = 'ready' | 'done' | 'expired' | 'missing' | 'failed';

/**
 * `/users/unsubscribe?code=…`, the link of every notification email. Opening it changes
 * nothing (mail scanners open links too): the button sends `PUT user/notification/unsubscribe`,
 * which needs no sign-in. An expired code (403 url_expired) says so and points to the settings.
 */
export function UnsubscribePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const [state, setState] = useState<State>(code ? 'ready' : 'missing');
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await http.put(`${API_BASE}/user/notification/unsubscribe`, { code }, { silent: true });
      setState('done');
    } catch (error) {
      const expired = error instanceof ApiError && error.code === 403;
      setState(expired ? 'expired' : 'failed');
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t('ui.unsubscribe.title')}>
      {state === 'ready' || state === 'failed' ? (
        <div className={formCardClass}>
          <p>{t('ui.unsubscribe.intro')}</p>
          <Button type="button" loading={busy} onClick={() => void confirm()}>
            {t('ui.unsubscribe.confirm')}
          </Button>
        </div>
      ) : null}
      {state === 'done' ? <Alert kind="success">{t('ui.unsubscribe.done')}</Alert> : null}
      {state === 'expired' ? <Alert kind="warning">{t('ui.unsubscribe.expired')}</Alert> : null}
      {state === 'missing' ? <Alert kind="warning">{t('ui.unsubscribe.no_code')}</Alert> : null}
      {state === 'failed' ? <Alert kind="danger">{t('ui.unsubscribe.failed')}</Alert> : null}
      <p className="mt-6 flex justify-center gap-6 text-sm">
        <Link to="/users/settings/notify" className={linkClass}>
          {t('ui.unsubscribe.to_settings')}
        </Link>
        <Link to="/" className={linkClass}>
          {t('ui.unsubscribe.back_home')}
        </Link>
      </p>
    </AuthCard>
  );
}
