import { loginSchema, MAIL_STATUS, type LoginResult } from '@inquire/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../lib/translation';
import {
  Link,
  useLoaderData,
  useNavigate,
  useRouteLoaderData,
  useSearchParams,
  type LoaderFunctionArgs,
} from 'react-router';
import { loaderApi } from '../app/api';
import { resetSession, type Session } from '../app/session';
import { Alert } from '../components/ui/alert';
import { Button, buttonClass } from '../components/ui/button';
import { TextField } from '../components/ui/field';
import { afterSignIn, saveReturnUrl, saveToken } from '../lib/auth-storage';
import { serverFieldErrors, validate, type FieldErrors } from '../lib/forms';
import { API_BASE, ApiError, http } from '../lib/http';
import { useCaptcha } from './users/captcha';
import { ConnectorIcon, connectorHref, connectorList, type ConnectorItem } from './users/connector-parts';
import { ResendActivation } from './users/resend-activation';

export interface LoginPageData {
  /** The external sign-ins that are on and configured (`connector/info`). */
  connectors: ConnectorItem[];
}

/** The page's data: the connectors' buttons come with the server render (none if the read fails). */
export async function loginLoader({ context }: LoaderFunctionArgs): Promise<LoginPageData> {
  const read = await loaderApi(context)
    .get<unknown>(`${API_BASE}/connector/info`)
    .catch(() => []);
  return { connectors: connectorList<ConnectorItem>(read) };
}

/** Email and password sign-in; also the "please activate" page for inactive accounts. */
export function LoginPage() {
  const { t } = useTranslation();
  const { site, user } = useRouteLoaderData('root') as Session;
  const connectors = (useLoaderData() as LoginPageData | undefined)?.connectors ?? [];
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
          <ConnectorButtons connectors={connectors} />
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

/**
 * One button per external sign-in (S1-034, S3-038): its SVG icon and name, a plain link to the
 * server's start address (a whole page load: the provider's pages come next).
 */
export function ConnectorButtons({ connectors }: { connectors: ConnectorItem[] }) {
  const { t } = useTranslation();
  if (connectors.length === 0) return null;
  return (
    <div className="mt-6 space-y-3">
      <p className="flex items-center gap-3 text-xs text-gray-500 uppercase before:h-px before:flex-1 before:bg-gray-200 after:h-px after:flex-1 after:bg-gray-200 dark:text-gray-400 dark:before:bg-gray-800 dark:after:bg-gray-800">
        {t('ui.connectors.or')}
      </p>
      <ul className="space-y-3">
        {connectors.map((connector) => (
          <li key={connector.link}>
            <a href={connectorHref(connector.link)} className={buttonClass('secondary', 'md', 'w-full gap-2')}>
              <ConnectorIcon icon={connector.icon} />
              <span className="truncate">{t('ui.connectors.sign_in_with', { name: connector.name })}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
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
      await navigate(afterSignIn(result), { replace: true });
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
