import { passwordReplacementSchema, passwordResetSchema } from '@inquire/shared';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClass, linkClass } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { serverFieldErrors, validate, withoutErrors, type FieldErrors } from '../../lib/forms';
import { API_BASE, ApiError, http } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { AuthCard, formCardClass, passwordsMatch } from './auth-card';
import { useCaptcha } from './captcha';

/** `/users/account-recovery`: the same answer whether or not the address has an account. */
export function AccountRecoveryPage() {
  const { t } = useTranslation();
  const captcha = useCaptcha('email');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sentTo, setSentTo] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(passwordResetSchema, { e_mail: email }, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const done = await captcha.run((code) =>
        http.post(`${API_BASE}/user/password/reset`, { e_mail: email, ...code }, { passingError: true }),
      );
      if (done !== undefined) setSentTo(email);
    } catch (error) {
      setErrors(serverFieldErrors(error));
    } finally {
      setBusy(false);
    }
  }

  if (sentTo) {
    return (
      <AuthCard title={t('ui.account.recovery.sent_title')}>
        <Alert kind="success">{t('ui.account.recovery.sent_text', { email: sentTo })}</Alert>
        <p className="mt-6 text-center text-sm">
          <Link to="/users/login" className={linkClass}>
            {t('ui.account.back_to_login')}
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('ui.account.recovery.title')} intro={t('ui.account.recovery.intro')}>
      <form noValidate onSubmit={submit} className={formCardClass}>
        <TextField
          label={t('ui.login.email')}
          name="e_mail"
          type="email"
          autoComplete="email"
          value={email}
          error={errors.e_mail}
          onChange={(e) => {
            setEmail(e.target.value);
            setErrors((x) => withoutErrors(x, ['e_mail']));
          }}
        />
        <Button type="submit" className="w-full" loading={busy}>
          {t('ui.account.recovery.submit')}
        </Button>
      </form>
      {captcha.dialog}
      <p className="mt-6 text-center text-sm">
        <Link to="/users/login" className={linkClass}>
          {t('ui.account.back_to_login')}
        </Link>
      </p>
    </AuthCard>
  );
}

/** `/users/password-reset?code=…`: a new password, entered twice. */
export function PasswordResetPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const [values, setValues] = useState({ pass: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [state, setState] = useState<'form' | 'done' | 'expired'>('form');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(passwordReplacementSchema, { code: code || 'missing', pass: values.pass }, t);
    if (!found.pass && !passwordsMatch(values.pass, values.confirm)) found.confirm = t('form.pass.mismatch');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await http.post(`${API_BASE}/user/password/replacement`, { code, pass: values.pass }, { silent: true });
      setState('done');
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields.code || (error instanceof ApiError && error.code === 403)) setState('expired');
      else setErrors(fields);
    } finally {
      setBusy(false);
    }
  }

  if (!code || state === 'expired') {
    return (
      <AuthCard title={t('ui.account.reset.title')}>
        <Alert kind="warning">{t('ui.account.reset.expired')}</Alert>
        <p className="mt-6 text-center">
          <Link to="/users/account-recovery" className={buttonClass('secondary')}>
            {t('ui.account.reset.request_new')}
          </Link>
        </p>
      </AuthCard>
    );
  }
  if (state === 'done') {
    return (
      <AuthCard title={t('ui.account.reset.done_title')}>
        <Alert kind="success">{t('ui.account.reset.done_text')}</Alert>
        <p className="mt-6 text-center">
          <Link to="/users/login" className={buttonClass('primary')}>
            {t('ui.nav.login')}
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('ui.account.reset.title')} intro={t('ui.account.reset.intro')}>
      <form noValidate onSubmit={submit} className={formCardClass}>
        <TextField
          label={t('ui.account.new_password')}
          help={t('ui.account.password_help')}
          name="pass"
          type="password"
          autoComplete="new-password"
          value={values.pass}
          error={errors.pass}
          onChange={(e) => {
            setValues((v) => ({ ...v, pass: e.target.value }));
            setErrors((x) => withoutErrors(x, ['pass']));
          }}
        />
        <TextField
          label={t('ui.account.confirm_password')}
          name="confirm"
          type="password"
          autoComplete="new-password"
          value={values.confirm}
          error={errors.confirm}
          onChange={(e) => {
            setValues((v) => ({ ...v, confirm: e.target.value }));
            setErrors((x) => withoutErrors(x, ['confirm']));
          }}
        />
        <Button type="submit" className="w-full" loading={busy}>
          {t('ui.account.reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
