import { CONNECTOR_REASONS, MAIL_STATUS, type LoginResult } from '@inquire/shared';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useRouteLoaderData, useSearchParams } from 'react-router';
import { resetSession, type Session } from '../../app/session';
import { Alert } from '../../components/ui/alert';
import { buttonClass } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { saveToken } from '../../lib/auth-storage';
import { API_BASE, ApiError, http } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { AuthCard } from './auth-card';

/**
 * `/users/account-activation?code=…`: sends the code once (after hydration, so the server
 * render and the first client render agree), then goes to the success or failed page.
 */
export function AccountActivationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { user } = useRouteLoaderData('root') as Session;
  const code = params.get('code') ?? '';
  const [failed, setFailed] = useState(false);
  /** Why the server refused, when it says more than "expired" (a connect link opened in another browser). */
  const [refusal, setRefusal] = useState<string>();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (!code) {
      setFailed(true);
      return;
    }
    http
      .post<LoginResult>(`${API_BASE}/user/email/verification`, { code }, { silent: true })
      .then(async (result) => {
        saveToken(result.access_token);
        resetSession();
        await navigate('/users/account-activation/success', { replace: true });
      })
      .catch(async (error: unknown) => {
        if (error instanceof ApiError && error.reason === CONNECTOR_REASONS.bindingOtherBrowser) {
          setRefusal(error.message);
          return;
        }
        // The failed page is for signed-in members who are not activated; anyone else sees it here.
        if (error instanceof ApiError && user && user.mail_status !== MAIL_STATUS.activated) {
          await navigate('/users/account-activation/failed', { replace: true });
        } else setFailed(true);
      });
  }, [code, navigate, user]);

  if (refusal) {
    return (
      <AuthCard title={t('ui.connectors.link_refused_title')}>
        <Alert kind="warning">{refusal}</Alert>
      </AuthCard>
    );
  }
  if (failed) return <ActivationFailed />;
  return (
    <AuthCard title={t('ui.account.activation.title')}>
      <div className="flex justify-center">
        <Spinner label={t('ui.account.activation.working')} />
      </div>
    </AuthCard>
  );
}

export function ActivationSuccessPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('ui.account.activation.success_title')} intro={t('ui.account.activation.success_text')}>
      <div className="flex justify-center gap-3">
        <Link to="/" className={buttonClass('primary')}>
          {t('ui.error_page.back_home')}
        </Link>
        <Link to="/users/settings/profile" className={buttonClass('secondary')}>
          {t('ui.account.activation.set_profile')}
        </Link>
      </div>
    </AuthCard>
  );
}

export function ActivationFailed() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('ui.account.activation.failed_title')}>
      <Alert kind="warning">{t('ui.account.activation.failed_text')}</Alert>
      <p className="mt-6 text-center">
        <Link to="/users/login?status=inactive" className={buttonClass('secondary')}>
          {t('ui.account.activation.request_new')}
        </Link>
      </p>
    </AuthCard>
  );
}
