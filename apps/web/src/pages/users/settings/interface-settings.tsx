import { LANGUAGE_OPTIONS, type UserInfo } from '@inquire/shared';
import { useState, type FormEvent } from 'react';
import { useLoaderData, useRouteLoaderData } from 'react-router';
import { resetSession, type Session } from '../../../app/session';
import { Button } from '../../../components/ui/button';
import { RadioGroup, SelectField } from '../../../components/ui/field';
import { serverFieldErrors, type FieldErrors } from '../../../lib/forms';
import { API_BASE, http } from '../../../lib/http';
import { useTranslation } from '../../../lib/translation';
import { toast } from '../../../lib/ui-events';

/**
 * The IANA time zones, listed by the loader: on a server render the list comes from the server
 * with the page, so the browser hydrates the same options whatever its own ICU knows.
 */
export function interfaceSettingsLoader(): { timeZones: string[] } {
  return { timeZones: ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')] };
}

/** Interface: language, colour scheme, time zone. */
export function InterfaceSettings() {
  const { t } = useTranslation();
  const { user, site } = useRouteLoaderData('root') as Session & { user: UserInfo };
  const { timeZones } = (useLoaderData() as { timeZones: string[] } | undefined) ?? { timeZones: ['UTC'] };
  const [values, setValues] = useState({
    language: user.language === 'Default' ? '' : user.language,
    color_scheme: user.color_scheme || 'default',
    time_zone: user.time_zone || '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await http.put(`${API_BASE}/user/interface`, values, { passingError: true });
      toast(t('ui.account.update_success'));
      resetSession();
      // A new language or scheme applies to the whole page: load it afresh.
      if (
        values.language !== (user.language === 'Default' ? '' : user.language) ||
        values.color_scheme !== user.color_scheme
      ) {
        window.location.reload();
      }
    } catch (error) {
      setErrors(serverFieldErrors(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      <SelectField
        label={t('ui.account.interface.language')}
        name="language"
        value={values.language}
        error={errors.language}
        onChange={(e) => setValues((v) => ({ ...v, language: e.target.value }))}
        options={[{ value: '', label: t('ui.account.interface.site_default') }, ...LANGUAGE_OPTIONS]}
      />
      <RadioGroup
        legend={t('ui.account.interface.color_scheme')}
        name="color_scheme"
        value={values.color_scheme}
        onChange={(value) => setValues((v) => ({ ...v, color_scheme: value }))}
        options={[
          { value: 'default', label: t('ui.account.interface.site_default') },
          { value: 'light', label: t('ui.scheme.light') },
          { value: 'dark', label: t('ui.scheme.dark') },
          { value: 'system', label: t('ui.scheme.system') },
        ]}
      />
      <SelectField
        label={t('ui.account.interface.time_zone')}
        name="time_zone"
        value={values.time_zone}
        error={errors.time_zone}
        onChange={(e) => setValues((v) => ({ ...v, time_zone: e.target.value }))}
        options={[
          { value: '', label: t('ui.account.interface.site_time_zone', { zone: site.interface.time_zone }) },
          ...timeZones.map((zone) => ({ value: zone, label: zone })),
        ]}
      />
      <Button type="submit" loading={busy}>
        {t('ui.account.save')}
      </Button>
    </form>
  );
}
