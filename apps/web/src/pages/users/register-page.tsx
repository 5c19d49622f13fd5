import { registerSchema, type LoginResult } from '@inquire/shared';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useRouteLoaderData } from 'react-router';
import { resetSession, type Session } from '../../app/session';
import { Alert } from '../../components/ui/alert';
import { Button, linkClass } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { saveToken } from '../../lib/auth-storage';
import { serverFieldErrors, validate, withoutErrors, type FieldErrors } from '../../lib/forms';
import { API_BASE, ApiError, http } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { AuthCard, formCardClass, passwordsMatch } from './auth-card';
import { useCaptcha } from './captcha';

/** `/users/register`: display name, email, password twice; then the "please activate" page. */
export function RegisterPage() {
  const { t } = useTranslation();
  const { site } = useRouteLoaderData('root') as Session;
  const open = site.login.allow_new_registrations && site.login.allow_email_registrations;
  return (
    <AuthCard title={t('ui.account.register.title', { site: site.general.name })}>
      {open ? <RegisterForm /> : <Alert kind="info">{t('ui.account.register.closed')}</Alert>}
      <p className="mt-6 text-center text-sm text-gray-600 dark:text-gray-400">
        {t('ui.account.register.have_account')}{' '}
        <Link to="/users/login" className={linkClass}>
          {t('ui.nav.login')}
        </Link>
      </p>
    </AuthCard>
  );
}

function RegisterForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const captcha = useCaptcha('email');
  const [values, setValues] = useState({ name: '', e_mail: '', pass: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);

  const set = (field: keyof typeof values, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => withoutErrors(e, [field]));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError('');
    const found = validate(registerSchema, values, t);
    if (!found.confirm && !passwordsMatch(values.pass, values.confirm)) found.confirm = t('form.pass.mismatch');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const { confirm: _confirm, ...body } = values;
      const result = await captcha.run((code) =>
        http.post<LoginResult>(`${API_BASE}/user/register/email`, { ...body, ...code }, { passingError: true }),
      );
      if (!result) return;
      saveToken(result.access_token);
      resetSession();
      await navigate('/users/login?status=inactive', { replace: true });
    } catch (error) {
      const fields = serverFieldErrors(error);
      setErrors(fields);
      if (!Object.keys(fields).length && error instanceof ApiError) setFormError(error.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form noValidate onSubmit={submit} className={formCardClass}>
        {formError ? <Alert kind="danger">{formError}</Alert> : null}
        <TextField
          label={t('ui.account.register.name')}
          help={t('ui.account.register.name_help')}
          name="name"
          autoComplete="nickname"
          value={values.name}
          error={errors.name}
          onChange={(e) => set('name', e.target.value)}
        />
        <TextField
          label={t('ui.login.email')}
          name="e_mail"
          type="email"
          autoComplete="email"
          value={values.e_mail}
          error={errors.e_mail}
          onChange={(e) => set('e_mail', e.target.value)}
        />
        <TextField
          label={t('ui.login.password')}
          help={t('ui.account.password_help')}
          name="pass"
          type="password"
          autoComplete="new-password"
          value={values.pass}
          error={errors.pass}
          onChange={(e) => set('pass', e.target.value)}
        />
        <TextField
          label={t('ui.account.confirm_password')}
          name="confirm"
          type="password"
          autoComplete="new-password"
          value={values.confirm}
          error={errors.confirm}
          onChange={(e) => set('confirm', e.target.value)}
        />
        <Button type="submit" className="w-full" loading={busy}>
          {t('ui.account.register.submit')}
        </Button>
      </form>
      {captcha.dialog}
    </>
  );
}
