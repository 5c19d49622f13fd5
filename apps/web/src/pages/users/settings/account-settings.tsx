import { changePasswordSchema, MAIL_STATUS, type UserInfo } from '@inquire/shared';
import { useState, type FormEvent } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { Session } from '../../../app/session';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { serverFieldErrors, validate, withoutErrors, type FieldErrors } from '../../../lib/forms';
import { API_BASE, http } from '../../../lib/http';
import { useTranslation } from '../../../lib/translation';
import { toast } from '../../../lib/ui-events';
import { passwordsMatch } from '../auth-card';
import { useCaptcha } from '../captcha';
import { ChangeEmailForm } from '../email-pages';

const sectionClass = 'space-y-4 border-b border-gray-200 pb-8 dark:border-gray-800';

/** Account: change email, change password, my logins (spec section 2). */
export function AccountSettings() {
  const { t } = useTranslation();
  const { user } = useRouteLoaderData('root') as Session & { user: UserInfo };
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
      <section className="space-y-2" aria-labelledby="account-logins">
        <h2 id="account-logins" className="text-lg font-semibold">
          {t('ui.account.settings.logins')}
        </h2>
        <p className="text-sm text-gray-600 dark:text-gray-400">{t('ui.account.settings.no_logins')}</p>
      </section>
    </div>
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
