import { installBaseInfoSchema } from '@inquire/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/translation';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Checkbox, TextField } from '../../components/ui/field';
import { Spinner } from '../../components/ui/spinner';
import { serverFieldErrors, validate, withoutErrors, type FieldErrors } from '../../lib/forms';
import { ApiError } from '../../lib/http';
import { useLeavePrompt } from '../../lib/leave-prompt';
import { installApi } from './install-api';

/** Site information and the admin account, validated with the route's own schema. */
export function SiteStep({ lang, onDone }: { lang: string; onDone(): void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState(() => ({
    site_name: '',
    site_url: typeof window === 'undefined' ? '' : window.location.origin,
    contact_email: '',
    login_required: false,
    name: '',
    password: '',
    email: '',
  }));
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  useLeavePrompt(dirty && !busy);

  const set = (field: keyof typeof values) => (e: { target: { value: string } }) => {
    setDirty(true);
    setValues({ ...values, [field]: e.target.value });
    setErrors((current) => withoutErrors(current, [field]));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure('');
    const payload = { ...values, lang };
    const found = validate(installBaseInfoSchema, payload, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await installApi.baseInfo(payload);
      setDirty(false);
      onDone();
    } catch (error) {
      setErrors(serverFieldErrors(error));
      if (error instanceof ApiError && !error.isError) setFailure(error.message);
      setBusy(false);
    }
  }

  if (busy) {
    return (
      <div className="flex items-center gap-3 py-6 text-gray-700 dark:text-gray-300" role="status">
        <Spinner size="lg" /> {t('ui.install.progress')}
      </div>
    );
  }

  return (
    <form noValidate className="space-y-6" onSubmit={submit}>
      {failure ? <Alert kind="danger">{failure}</Alert> : null}
      <fieldset className="space-y-4">
        <legend className="text-lg font-medium">{t('ui.install.site_title')}</legend>
        <TextField
          label={t('ui.install.site_name')}
          name="site_name"
          value={values.site_name}
          error={errors.site_name}
          onChange={set('site_name')}
        />
        <TextField
          label={t('ui.install.site_url')}
          help={t('ui.install.site_url_help')}
          name="site_url"
          type="url"
          value={values.site_url}
          error={errors.site_url}
          onChange={set('site_url')}
        />
        <TextField
          label={t('ui.install.contact_email')}
          help={t('ui.install.contact_email_help')}
          name="contact_email"
          type="email"
          value={values.contact_email}
          error={errors.contact_email}
          onChange={set('contact_email')}
        />
        <Checkbox
          label={t('ui.install.login_required')}
          name="login_required"
          checked={values.login_required}
          onChange={(e) => setValues({ ...values, login_required: e.target.checked })}
        />
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-lg font-medium">{t('ui.install.admin_title')}</legend>
        <TextField
          label={t('ui.install.admin_name')}
          help={t('ui.install.admin_name_help')}
          name="name"
          autoComplete="username"
          value={values.name}
          error={errors.name}
          onChange={set('name')}
        />
        <TextField
          label={t('ui.install.admin_password')}
          help={t('ui.install.admin_password_help')}
          name="password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          error={errors.password}
          onChange={set('password')}
        />
        <TextField
          label={t('ui.install.admin_email')}
          help={t('ui.install.admin_email_help')}
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          error={errors.email}
          onChange={set('email')}
        />
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit">{t('ui.install.next')}</Button>
      </div>
    </form>
  );
}
