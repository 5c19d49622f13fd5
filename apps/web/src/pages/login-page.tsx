import { loginSchema, MAIL_STATUS, type LoginResult } from '@inquire/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../lib/translation';
import { Link, useNavigate, useRouteLoaderData, useSearchParams } from 'react-router';
import { resetSession, type Session } from '../app/session';
import { Alert } from '../components/ui/alert';
import { Button } from '../components/ui/button';
import { TextField } from '../components/ui/field';
import { saveReturnUrl, saveToken, takeReturnUrl } from '../lib/auth-storage';
import { serverFieldErrors, validate, type FieldErrors } from '../lib/forms';
import { API_BASE, ApiError, http } from '../lib/http';
import { useCaptcha } from './users/captcha';
import { ResendActivation } from './users/resend-activation';

/** Email and password sign-in; also the "please activate" page for inactive accounts. */
export function LoginPage() {
  const { t } = useTranslation();
  const { site, user } = useRouteLoaderData('root') as Session;
  const [params] = useSearchParams();
  const inactive = params.get('status') === 'inactive' && user !== null && user.mail_status !== MAIL_STATUS.activated;

  useEffect(() => {
    const back = params.get('redirect');
    if (back) saveReturnUrl(back);
  }, [params]);

  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      {inactive ? (
        <section className="space-y-3 text-center">
          <h1 className="text-2xl font-semibold">{t('ui.login.inactive_title')}</h1>
          <p className="text-gray-600 dark:text-gray-400">
            {user?.e_mail ? t('ui.login.inactive_text', { email: user.e_mail }) : t('ui.login.inactive_no_email')}
          </p>
          <ResendActivation />
        </section>
      ) : (
        <>
          <h1 className="mb-8 text-center text-2xl font-semibold">
            {t('ui.login.title', { site: site.general.name })}
          </h1>
          {site.login.allow_password_login ? (
            <LoginForm />
          ) : (
            <Alert kind="info">{t('ui.login.password_login_disabled')}</Alert>
          )}
          {site.login.allow_new_registrations ? (
            <p className="mt-6 text-center text-sm text-gray-600 dark:text-gray-400">
              {t('ui.login.no_account')}{' '}
              <Link to="/users/register" className="font-medium text-primary-text hover:underline">
                {t('ui.login.signup')}
              </Link>
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}

/** Where a fresh sign-in goes (spec section 4): suspended and inactive pages first, else back. */
function afterLogin(user: LoginResult): string {
  if (user.status === 'suspended') return '/users/account-suspended';
  if (user.mail_status !== MAIL_STATUS.activated) return '/users/login?status=inactive';
  return takeReturnUrl();
}

function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const captcha = useCaptcha('password');
  const [values, setValues] = useState({ e_mail: '', pass: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError('');
    const found = validate(loginSchema, values, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const result = await captcha.run((code) =>
        http.post<LoginResult>(`${API_BASE}/user/login/email`, { ...values, ...code }, { passingError: true }),
      );
      if (!result) return;
      saveToken(result.access_token);
      resetSession();
      await navigate(afterLogin(result), { replace: true });
    } catch (error) {
      const fields = serverFieldErrors(error);
      setErrors(fields);
      if (!Object.keys(fields).length && error instanceof ApiError && (error.code === 400 || error.code === 429)) {
        setFormError(error.message);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="space-y-5 rounded-lg border border-gray-200 bg-white p-6 shadow-xs dark:border-gray-800 dark:bg-gray-900"
    >
      {formError ? <Alert kind="danger">{formError}</Alert> : null}
      <TextField
        label={t('ui.login.email')}
        name="e_mail"
        type="email"
        autoComplete="email"
        value={values.e_mail}
        error={errors.e_mail}
        onChange={(e) => setValues({ ...values, e_mail: e.target.value })}
      />
      <TextField
        label={
          <span className="flex justify-between">
            <span>{t('ui.login.password')}</span>
            <Link to="/users/account-recovery" className="font-normal text-primary-text hover:underline">
              {t('ui.login.forgot')}
            </Link>
          </span>
        }
        name="pass"
        type="password"
        autoComplete="current-password"
        value={values.pass}
        error={errors.pass}
        onChange={(e) => setValues({ ...values, pass: e.target.value })}
      />
      <Button type="submit" className="w-full" loading={busy}>
        {t('ui.login.submit')}
      </Button>
      {captcha.dialog}
    </form>
  );
}
