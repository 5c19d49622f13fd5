import { changePasswordSchema, MAIL_STATUS, type UserInfo } from '@inquire/shared';
import { useState, type FormEvent } from 'react';
import { useLoaderData, useRevalidator, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router';
import { loaderApi } from '../../../app/api';
import type { Session } from '../../../app/session';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { serverFieldErrors, validate, withoutErrors, type FieldErrors } from '../../../lib/forms';
import { API_BASE, ApiError, http } from '../../../lib/http';
import { useTranslation } from '../../../lib/translation';
import { toast } from '../../../lib/ui-events';
import { passwordsMatch } from '../auth-card';
import { useCaptcha } from '../captcha';
import { ConnectorIcon, connectorHref, connectorList, unlinkLogin, type ConnectorUserItem } from '../connector-parts';
import { ChangeEmailForm } from '../email-pages';

const sectionClass = 'space-y-4 border-b border-gray-200 pb-8 dark:border-gray-800';

export interface AccountSettingsData {
  /** "My logins": every external sign-in that is on, and whether the member has it linked. */
  logins: ConnectorUserItem[];
}

/** The page's data: the member's external logins (`connector/user/info`; none if the read fails). */
export async function accountSettingsLoader({ context }: LoaderFunctionArgs): Promise<AccountSettingsData> {
  const read = await loaderApi(context)
    .get<unknown>(`${API_BASE}/connector/user/info`)
    .catch(() => []);
  return { logins: connectorList<ConnectorUserItem>(read) };
}

/** Account: change email, change password, my logins (spec section 2). */
export function AccountSettings() {
  const { t } = useTranslation();
  const { user } = useRouteLoaderData('root') as Session & { user: UserInfo };
  const logins = (useLoaderData() as AccountSettingsData | undefined)?.logins ?? [];
  const [emailOpen, setEmailOpen] = useState(false);
  const [sentTo, setSentTo] = useState('');
  return (
    <div className="space-y-8">
      <section className={sectionClass} aria-labelledby="account-email">
        <h2 id="account-email" className="text-lg font-semibold">
          {t('ui.account.settings.email')}
        </h2>
        <p className="text-sm text-gray-700 dark:text-gray-300">{user.e_mail}</p>
        {sentTo ? <Alert kind="success">{t('ui.account.email.sent', { email: sentTo })}</Alert> : null}
        {emailOpen && !sentTo ? (
          <ChangeEmailForm
            needsPassword={user.mail_status === MAIL_STATUS.activated && user.have_password}
            onSent={setSentTo}
          />
        ) : !sentTo ? (
          <Button variant="secondary" onClick={() => setEmailOpen(true)}>
            {t('ui.account.email.change')}
          </Button>
        ) : null}
      </section>
      <section className={sectionClass} aria-labelledby="account-password">
        <h2 id="account-password" className="text-lg font-semibold">
          {t('ui.account.settings.password')}
        </h2>
        <ChangePasswordForm hasPassword={user.have_password} />
      </section>
      <MyLogins logins={logins} />
    </div>
  );
}

/**
 * "My logins" (S7-162): each external sign-in with its icon and name; a linked one can be
 * unlinked (after a confirmation; the server refuses the last way into an account), another
 * linked by following its link. Says so when no connector is on.
 */
export function MyLogins({ logins }: { logins: ConnectorUserItem[] }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [asking, setAsking] = useState<ConnectorUserItem | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState('');

  async function unlink(login: ConnectorUserItem) {
    setBusy(true);
    setRefusal('');
    try {
      await unlinkLogin(login.external_id);
      toast(t('ui.connectors.logins.unlinked', { name: login.name }));
    } catch (error) {
      if (error instanceof ApiError && error.code !== 401 && error.code !== 403) {
        setRefusal(error.code === 0 ? t('ui.request.network_error') : error.message);
      }
    } finally {
      setBusy(false);
      setAsking(null);
    }
    await revalidator.revalidate();
  }

  return (
    <section className="space-y-4" aria-labelledby="account-logins">
      <h2 id="account-logins" className="text-lg font-semibold">
        {t('ui.account.settings.logins')}
      </h2>
      {refusal ? <Alert kind="danger">{refusal}</Alert> : null}
      {logins.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t('ui.account.settings.no_logins')}</p>
      ) : (
        <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-800 dark:border-gray-800">
          {logins.map((login) => (
            <li key={login.link} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <ConnectorIcon icon={login.icon} />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{login.name}</span>
                <span className="block text-xs text-gray-600 dark:text-gray-400">
                  {t(login.binding ? 'ui.connectors.logins.linked' : 'ui.connectors.logins.not_linked')}
                </span>
              </span>
              {login.binding ? (
                <Button variant="secondary" size="sm" onClick={() => setAsking(login)}>
                  {t('ui.connectors.logins.unlink')}
                </Button>
              ) : (
                <a href={connectorHref(login.link)} className={buttonClass('secondary', 'sm')}>
                  {t('ui.connectors.logins.link')}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={asking !== null}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title={t('ui.connectors.logins.unlink_title', { name: asking?.name ?? '' })}
        footer={
          <>
            <Button variant="secondary" onClick={() => setAsking(null)}>
              {t('ui.connectors.logins.cancel')}
            </Button>
            <Button variant="danger" loading={busy} onClick={() => asking && void unlink(asking)}>
              {t('ui.connectors.logins.unlink')}
            </Button>
          </>
        }
      >
        {t('ui.connectors.logins.unlink_confirm', { name: asking?.name ?? '' })}
      </Dialog>
    </section>
  );
}

function ChangePasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  const captcha = useCaptcha('edit_userinfo');
  const empty = { old_pass: '', pass: '', confirm: '' };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const set = (field: keyof typeof values, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => withoutErrors(e, [field]));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(changePasswordSchema, values, t);
    if (hasPassword && !values.old_pass) found.old_pass = t('form.old_pass.required');
    if (!found.pass && !passwordsMatch(values.pass, values.confirm)) found.confirm = t('form.pass.mismatch');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const done = await captcha.run((code) =>
        http.put(
          `${API_BASE}/user/password`,
          { old_pass: values.old_pass, pass: values.pass, ...code },
          { passingError: true },
        ),
      );
      if (done !== undefined) {
        toast(t('ui.account.password_changed'));
        setValues(empty);
      }
    } catch (error) {
      setErrors(serverFieldErrors(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form noValidate onSubmit={submit} className="space-y-5">
        {hasPassword ? (
          <TextField
            label={t('ui.account.old_password')}
            name="old_pass"
            type="password"
            autoComplete="current-password"
            value={values.old_pass}
            error={errors.old_pass}
            onChange={(e) => set('old_pass', e.target.value)}
          />
        ) : null}
        <TextField
          label={t('ui.account.new_password')}
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
        <Button type="submit" loading={busy}>
          {t('ui.account.settings.password_submit')}
        </Button>
      </form>
      {captcha.dialog}
    </>
  );
}
