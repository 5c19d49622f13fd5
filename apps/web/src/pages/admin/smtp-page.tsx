import { smtpSchema, type SmtpSettings } from '@inquire/shared';
import { useState, type FormEvent } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { loaderApi } from '../../app/api';
import { fromApi } from '../../app/load';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { RadioGroup, Switch, TextField } from '../../components/ui/field';
import { serverFieldErrors, validate, withoutErrors, type FieldErrors } from '../../lib/forms';
import { ADMIN_API_BASE, http } from '../../lib/http';
import { useLeavePrompt } from '../../lib/leave-prompt';
import { useTranslation } from '../../lib/translation';
import { toast } from '../../lib/ui-events';

/** What GET setting/smtp answers: the password masked, and whether mail can leave at all. */
type SmtpView = SmtpSettings & { configured: boolean };

export async function smtpLoader({ context, request }: LoaderFunctionArgs): Promise<SmtpView> {
  return fromApi(loaderApi(context).get<SmtpView>(`${ADMIN_API_BASE}/setting/smtp`), new URL(request.url));
}

type Values = Omit<SmtpSettings, 'smtp_port'> & { smtp_port: string; test_email_recipient: string };

/** Admin → SMTP: where email leaves from, and a test email to prove it (spec section 2). */
export function SmtpPage() {
  const { t } = useTranslation();
  const initial = useLoaderData() as SmtpView;
  const revalidator = useRevalidator();
  const [values, setValues] = useState<Values>({
    from_email: initial.from_email,
    from_name: initial.from_name,
    smtp_host: initial.smtp_host,
    smtp_port: String(initial.smtp_port),
    encryption: initial.encryption,
    smtp_username: initial.smtp_username,
    smtp_password: initial.smtp_password,
    smtp_authentication: initial.smtp_authentication,
    test_email_recipient: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  useLeavePrompt(dirty && !busy);

  const change = (patch: Partial<Values>) => {
    setDirty(true);
    setValues({ ...values, ...patch });
    setErrors(withoutErrors(errors, Object.keys(patch)));
  };
  const text = (field: keyof Values) => ({
    name: field,
    value: String(values[field]),
    error: errors[field],
    onChange: (e: { target: { value: string } }) => change({ [field]: e.target.value }),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { ...values, test_email_recipient: values.test_email_recipient || undefined };
    const found = validate(smtpSchema, body, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await http.put(`${ADMIN_API_BASE}/setting/smtp`, { ...body, smtp_port: Number(values.smtp_port) });
      setDirty(false);
      toast(values.test_email_recipient ? t('ui.account.sent_successfully') : t('ui.toast.update_success'));
      await revalidator.revalidate();
    } catch (error) {
      setErrors(serverFieldErrors(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section>
      <h1 className="text-2xl font-semibold">{t('ui.admin.smtp.title')}</h1>
      {initial.configured ? null : (
        <div className="mt-4 max-w-lg">
          <Alert kind="warning">{t('ui.admin.smtp.not_configured')}</Alert>
        </div>
      )}
      <form noValidate onSubmit={submit} className="mt-6 max-w-lg space-y-5">
        <TextField
          label={t('ui.admin.smtp.from_email')}
          help={t('ui.admin.smtp.from_email_help')}
          type="email"
          {...text('from_email')}
        />
        <TextField
          label={t('ui.admin.smtp.from_name')}
          help={t('ui.admin.smtp.from_name_help')}
          {...text('from_name')}
        />
        <TextField label={t('ui.admin.smtp.host')} {...text('smtp_host')} />
        <RadioGroup
          legend={t('ui.admin.smtp.encryption')}
          name="encryption"
          value={values.encryption}
          error={errors.encryption}
          onChange={(value) => change({ encryption: value as Values['encryption'] })}
          options={[
            { value: 'SSL', label: 'SSL' },
            { value: 'TLS', label: 'TLS' },
            { value: '', label: t('ui.admin.smtp.encryption_none') },
          ]}
        />
        <TextField label={t('ui.admin.smtp.port')} inputMode="numeric" {...text('smtp_port')} />
        <Switch
          label={t('ui.admin.smtp.authentication')}
          checked={values.smtp_authentication}
          onChange={(checked) => change({ smtp_authentication: checked })}
        />
        {values.smtp_authentication ? (
          <>
            <TextField label={t('ui.admin.smtp.username')} autoComplete="off" {...text('smtp_username')} />
            <TextField
              label={t('ui.admin.smtp.password')}
              type="password"
              autoComplete="new-password"
              {...text('smtp_password')}
            />
          </>
        ) : null}
        <TextField
          label={t('ui.admin.smtp.test_recipient')}
          help={t('ui.admin.smtp.test_recipient_help')}
          type="email"
          {...text('test_email_recipient')}
        />
        <Button type="submit" loading={busy}>
          {t('ui.admin.smtp.save')}
        </Button>
      </form>
    </section>
  );
}
