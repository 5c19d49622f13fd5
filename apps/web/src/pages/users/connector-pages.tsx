import { emailChangeSchema, type ConnectorLandingError } from '@inquire/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { resetSession } from '../../app/session';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClass, linkClass } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { clearLogin } from '../../lib/auth-storage';
import { validate, type FieldErrors } from '../../lib/forms';
import { takeLandingToken } from '../../lib/landing-token';
import { useTranslation } from '../../lib/translation';
import { AuthCard, formCardClass } from './auth-card';
import { bindEmail, landingDestination, type BindingOutcome } from './connector-parts';

/** Why an external sign-in came back without a session (the server's `?error=`). */
export type LandingError = ConnectorLandingError;

/** The failure the landing page shows for an `error` value; any unknown value is a plain failure. */
export function landingError(value: string | null): LandingError | null {
  if (value === null) return null;
  return value === 'email_permission' || value === 'email_exists' ? value : 'login_failed';
}

/** The message key of each failure (S8-056 for a declined email permission). */
export const LANDING_ERROR_TEXT: Record<LandingError, string> = {
  email_permission: 'ui.connectors.landing.email_permission',
  email_exists: 'ui.connectors.landing.email_exists',
  login_failed: 'ui.connectors.landing.login_failed',
};

/** The way back to the login page from a sign-in that cannot go on. */
function BackToLogin() {
  const { t } = useTranslation();
  return (
    <p className="mt-6 text-center">
      <Link to="/users/login" className={buttonClass('secondary')}>
        {t('ui.connectors.landing.back_to_login')}
      </Link>
    </p>
  );
}

/** A failed external sign-in: what happened, and the way back to the login page. */
export function LandingFailure({ error }: { error: LandingError }) {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('ui.connectors.landing.failed_title')}>
      <Alert kind="danger">
        <p>{t(LANDING_ERROR_TEXT[error])}</p>
        {error === 'email_exists' ? <p className="mt-2">{t('ui.connectors.landing.email_exists_hint')}</p> : null}
      </Alert>
      <BackToLogin />
    </AuthCard>
  );
}

/**
 * `/users/auth-landing`: where an external sign-in comes back. With `?access_token=` (stored
 * and taken out of the address bar by lib/landing-token.ts, before hydration) it reads the
 * member (S4-024) and goes where a password sign-in would (S4-025..S4-027); with `?error=` it
 * says why the sign-in failed (S8-056). The server render and the first browser render show
 * the same thing: the failure from the address, else the spinner.
 */
export function AuthLandingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const error = landingError(params.get('error'));
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (error || started.current) return;
    started.current = true;
    if (!takeLandingToken()) {
      setFailed(true);
      return;
    }
    resetSession();
    landingDestination().then(
      (to) => navigate(to, { replace: true }),
      () => {
        clearLogin();
        resetSession();
        setFailed(true);
      },
    );
  }, [error, navigate]);

  const shown = error ?? (failed ? 'login_failed' : null);
  if (shown) return <LandingFailure error={shown} />;
  return (
    <AuthCard title={t('ui.connectors.landing.title')}>
      <div className="flex justify-center">
        <Spinner size="lg" label={t('ui.connectors.landing.working')} />
      </div>
    </AuthCard>
  );
}

/**
 * `/users/confirm-email?binding_key=…`: an external login whose provider gave no email asks
 * for one (S2-087). A free address makes an account and sends its activation link; one that
 * belongs to an account answers "Email already exists" (S8-054) and offers to connect this
 * login to that account (S8-055), which sends a link to its address.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const bindingKey = params.get('binding_key') ?? '';
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState('');
  const [exists, setExists] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [busy, setBusy] = useState(false);

  if (!bindingKey) {
    return (
      <AuthCard title={t('ui.connectors.confirm_email.title')}>
        <Alert kind="warning">{t('ui.connectors.confirm_email.missing_key')}</Alert>
        <BackToLogin />
      </AuthCard>
    );
  }

  function show(outcome: BindingOutcome, address: string) {
    if (outcome.kind === 'sent') setSentTo(address);
    else if (outcome.kind === 'exists') setExists(outcome.message || t('ui.connectors.confirm_email.email_exists'));
    else {
      const { email: emailError, ...others } = outcome.fields;
      setErrors(emailError ? { email: emailError } : {});
      const other = Object.values(others)[0];
      const { error } = outcome;
      if (error.code === 0) {
        setFormError(t(error.reason === 'base.timeout' ? 'ui.request.timeout' : 'ui.request.network_error'));
      } else if (other || !emailError) setFormError(other || error.message);
    }
  }

  async function send(must: boolean) {
    setFormError('');
    setBusy(true);
    try {
      show(await bindEmail(bindingKey, email.trim(), must), email.trim());
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setExists('');
    // The address rules of every email form (the change-email schema's, its other fields optional).
    const found = validate(emailChangeSchema, { e_mail: email }, t);
    setErrors(found.e_mail ? { email: found.e_mail } : {});
    if (found.e_mail) return;
    void send(false);
  }

  if (sentTo) {
    return (
      <AuthCard title={t('ui.connectors.confirm_email.title')}>
        <Alert kind="success">{t('ui.connectors.confirm_email.sent', { email: sentTo })}</Alert>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('ui.connectors.confirm_email.title')} intro={t('ui.connectors.confirm_email.intro')}>
      <form noValidate onSubmit={submit} className={formCardClass}>
        {formError ? <Alert kind="danger">{formError}</Alert> : null}
        <TextField
          label={t('ui.connectors.confirm_email.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          error={errors.email ?? (exists || undefined)}
          onChange={(e) => {
            setEmail(e.target.value);
            setErrors({});
            setExists('');
          }}
        />
        {exists ? (
          <div className="space-y-3 rounded-md border border-gray-200 p-4 text-sm dark:border-gray-800">
            <p className="text-gray-700 dark:text-gray-300">{t('ui.connectors.confirm_email.connect_hint')}</p>
            <Button variant="primary" className="w-full" loading={busy} onClick={() => void send(true)}>
              {t('ui.connectors.confirm_email.connect_existing')}
            </Button>
          </div>
        ) : (
          <Button type="submit" className="w-full" loading={busy}>
            {t('ui.connectors.confirm_email.submit')}
          </Button>
        )}
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to="/users/login" className={linkClass}>
          {t('ui.connectors.landing.back_to_login')}
        </Link>
      </p>
    </AuthCard>
  );
}
