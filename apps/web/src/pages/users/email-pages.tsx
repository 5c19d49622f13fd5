import { emailChangeSchema, MAIL_STATUS, type LoginResult } from '@inquire/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useRouteLoaderData, useSearchParams } from 'react-router';
import { resetSession, type Session } from '../../app/session';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClass, linkClass } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { saveToken } from '../../lib/auth-storage';
import { serverFieldErrors, validate, withoutErrors, type FieldErrors } from '../../lib/forms';
import { API_BASE, http } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { AuthCard, formCardClass } from './auth-card';
import { useCaptcha } from './captcha';

/** The change-email form: a new address (and the password of a verified account). */
export function ChangeEmailForm({ needsPassword, onSent }: { needsPassword: boolean; onSent(email: string): void }) {
  const { t } = useTranslation();
  const captcha = useCaptcha('edit_userinfo');
  const [values, setValues] = useState({ e_mail: '', pass: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(emailChangeSchema, values, t);
    if (needsPassword && !values.pass) found.pass = t('form.pass.required');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const done = await captcha.run((code) =>
        http.post(`${API_BASE}/user/email/change/code`, { ...values, ...code }, { passingError: true }),
      );
      if (done !== undefined) onSent(values.e_mail);
    } catch (error) {
      setErrors(serverFieldErrors(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form noValidate onSubmit={submit} className="space-y-5">
        <TextField
          label={t('ui.account.email.new_email')}
          name="e_mail"
          type="email"
          autoComplete="email"
          value={values.e_mail}
          error={errors.e_mail}
          onChange={(e) => {
            setValues((v) => ({ ...v, e_mail: e.target.value }));
            setErrors((x) => withoutErrors(x, ['e_mail']));
          }}
        />
        {needsPassword ? (
          <TextField
            label={t('ui.account.email.current_password')}
            name="pass"
            type="password"
            autoComplete="current-password"
            value={values.pass}
            error={errors.pass}
            onChange={(e) => {
              setValues((v) => ({ ...v, pass: e.target.value }));
              setErrors((x) => withoutErrors(x, ['pass']));
            }}
          />
        ) : null}
        <Button type="submit" loading={busy}>
          {t('ui.account.email.submit')}
        </Button>
      </form>
      {captcha.dialog}
    </>
  );
}

/** `/users/change-email`: for members who signed up with a wrong address and cannot activate. */
export function ChangeEmailPage() {
  const { t } = useTranslation();
  const { user } = useRouteLoaderData('root') as Session;
  const [sentTo, setSentTo] = useState('');
  if (!user) {
    return (
      <AuthCard title={t('ui.account.email.title')}>
        <Alert kind="info">{t('ui.account.email.login_first')}</Alert>
        <p className="mt-6 text-center">
          <Link to="/users/login" className={buttonClass('primary')}>
            {t('ui.nav.login')}
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('ui.account.email.title')} intro={t('ui.account.email.intro', { email: user.e_mail })}>
      {sentTo ? (
        <Alert kind="success">{t('ui.account.email.sent', { email: sentTo })}</Alert>
      ) : (
        <div className={formCardClass}>
          <ChangeEmailForm needsPassword={user.mail_status === MAIL_STATUS.activated} onSent={setSentTo} />
        </div>
      )}
    </AuthCard>
  );
}

/** `/users/confirm-new-email?code=…`: applies the new address once, after hydration. */
export function ConfirmNewEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const [state, setState] = useState<'working' | 'done' | 'failed'>('working');
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (!code) {
      setState('failed');
      return;
    }
    http
      .put<LoginResult>(`${API_BASE}/user/email`, { code }, { silent: true })
      .then((result) => {
        saveToken(result.access_token);
        resetSession();
        setState('done');
      })
      .catch(() => setState('failed'));
  }, [code]);

  if (state === 'working') {
    return (
      <AuthCard title={t('ui.account.confirm_email.title')}>
        <div className="flex justify-center">
          <Spinner label={t('ui.loading')} />
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('ui.account.confirm_email.title')}>
      {state === 'done' ? (
        <Alert kind="success">{t('ui.account.confirm_email.done')}</Alert>
      ) : (
        <Alert kind="warning">{t('ui.account.confirm_email.failed')}</Alert>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={state === 'done' ? '/users/settings/account' : '/'} className={linkClass}>
          {state === 'done' ? t('ui.account.confirm_email.to_settings') : t('ui.error_page.back_home')}
        </Link>
      </p>
    </AuthCard>
  );
}
