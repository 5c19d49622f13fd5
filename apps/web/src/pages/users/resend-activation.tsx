import { useState } from 'react';
import { Link } from 'react-router';
import { Button, linkClass } from '../../components/ui/button';
import { API_BASE, ApiError, http } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { toast } from '../../lib/ui-events';
import { useCaptcha } from './captcha';

/** On the inactive page: send the activation link again, or fix a mistyped address. */
export function ResendActivation() {
  const { t } = useTranslation();
  const captcha = useCaptcha('email');
  const [busy, setBusy] = useState(false);

  async function resend() {
    setBusy(true);
    try {
      const done = await captcha.run((code) =>
        http.post(`${API_BASE}/user/email/verification/send`, { ...code }, { passingError: true }),
      );
      if (done !== undefined) toast(t('ui.account.sent_successfully'));
    } catch (error) {
      if (error instanceof ApiError && error.message) toast(error.message, 'danger');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col items-center gap-3 pt-2">
      <Button variant="secondary" loading={busy} onClick={() => void resend()}>
        {t('ui.account.activation.resend')}
      </Button>
      <Link to="/users/change-email" className={`text-sm ${linkClass}`}>
        {t('ui.account.activation.wrong_email')}
      </Link>
      {captcha.dialog}
    </div>
  );
}
