import {
  generalSettingsSchema,
  interfaceSettingsSchema,
  legalSettingsSchema,
  loginSettingsSchema,
  seoSettingsSchema,
  splitList,
  usersSettingsSchema,
  writeSettingsSchema,
  type AdminSettingsPath,
  type SiteSettings,
} from '@inquire/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import type { z } from 'zod';
import { loaderApi } from '../../app/api';
import { fromApi } from '../../app/load';
import { resetSession } from '../../app/session';
import { Button } from '../../components/ui/button';
import { RadioGroup, SelectField, Switch, TextArea, TextField } from '../../components/ui/field';
import { serverFieldErrors, validate, withoutErrors, type FieldErrors } from '../../lib/forms';
import { ADMIN_API_BASE, http } from '../../lib/http';
import { useLeavePrompt } from '../../lib/leave-prompt';
import { useTranslation } from '../../lib/translation';
import { toast } from '../../lib/ui-events';

/** What each admin path loads: its section of the site settings (the SEO page's permalink included). */
interface Sections {
  general: SiteSettings['general'];
  interface: SiteSettings['interface'];
  legal: SiteSettings['legal'];
  login: SiteSettings['login'];
  users: SiteSettings['site_users'];
  write: SiteSettings['site_write'];
  seo: SiteSettings['site_seo'];
  branding: SiteSettings['branding'];
  'custom-css-html': SiteSettings['custom_css_html'];
}

/** One entry of `language/options`: a language's own name and its code. */
interface LanguageOption {
  label: string;
  value: string;
}

interface SettingsData<P extends AdminSettingsPath> {
  settings: Sections[P];
  /** The interface page's time zones, from the server so hydration sees the same list. */
  timeZones: string[];
  /** The interface page's languages (`GET language/options`, spec section 7); none elsewhere. */
  languages: LanguageOption[];
}

export function settingsLoader<P extends AdminSettingsPath>(section: P) {
  return async ({ context, request }: LoaderFunctionArgs): Promise<SettingsData<P>> => {
    const url = new URL(request.url);
    const api = loaderApi(context);
    const isInterface = section === 'interface';
    const [settings, languages] = await Promise.all([
      fromApi(api.get<Sections[P]>(`${ADMIN_API_BASE}/siteinfo/${section}`), url),
      isInterface ? fromApi(api.get<LanguageOption[]>(`${ADMIN_API_BASE}/language/options`), url) : [],
    ]);
    const timeZones = isInterface
      ? ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')]
      : [];
    return { settings, timeZones, languages };
  };
}

/**
 * One settings form: checks with the route's shared schema, saves the section, shows the
 * server's field errors beside their fields, and toasts "update success". The session is read
 * again on the next navigation, so the header and head show the change at once.
 */
export function useSettingsForm<V extends object>(
  path: AdminSettingsPath,
  initial: V,
  schema: z.ZodType,
  toBody: (values: V) => unknown,
) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  useLeavePrompt(dirty && !busy);

  const change = (patch: Partial<V>) => {
    setDirty(true);
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => withoutErrors(current, Object.keys(patch)));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = toBody(values);
    const found = validate(schema, body, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await http.put(`${ADMIN_API_BASE}/siteinfo/${path}`, body);
      setDirty(false);
      toast(t('ui.toast.update_success'));
      resetSession();
      await revalidator.revalidate();
    } catch (error) {
      setErrors(serverFieldErrors(error));
    } finally {
      setBusy(false);
    }
  }

  /** Props of a text field bound to one value. */
  const text = (field: keyof V & string) => ({
    name: field,
    value: String(values[field] ?? ''),
    error: errors[field],
    onChange: (e: { target: { value: string } }) => change({ [field]: e.target.value } as Partial<V>),
  });
  /** Props of a switch bound to one value. */
  const toggle = (field: keyof V & string) => ({
    checked: Boolean(values[field]),
    onChange: (checked: boolean) => change({ [field]: checked } as Partial<V>),
  });

  return { values, errors, busy, change, submit, text, toggle };
}

export function SettingsShell({
  title,
  busy,
  onSubmit,
  children,
}: {
  title: string;
  busy: boolean;
  onSubmit(event: FormEvent): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="text-2xl font-semibold">{title}</h1>
      <form noValidate onSubmit={onSubmit} className="mt-6 max-w-2xl space-y-5">
        {children}
        <Button type="submit" loading={busy}>
          {t('ui.admin.save')}
        </Button>
      </form>
    </section>
  );
}

export function useSection<P extends AdminSettingsPath>(): SettingsData<P> {
  return useLoaderData() as SettingsData<P>;
}

export function GeneralSettingsPage() {
  const { t } = useTranslation();
  const { settings } = useSection<'general'>();
  const form = useSettingsForm(
    'general',
    {
      name: settings.name,
      short_description: settings.short_description,
      description: settings.description,
      site_url: settings.site_url,
      contact_email: settings.contact_email,
    },
    generalSettingsSchema,
    (values) => values,
  );
  return (
    <SettingsShell title={t('ui.admin.general.title')} busy={form.busy} onSubmit={form.submit}>
      <TextField label={t('ui.admin.general.name')} help={t('ui.admin.general.name_help')} {...form.text('name')} />
      <TextField
        label={t('ui.admin.general.site_url')}
        help={t('ui.admin.general.site_url_help')}
        type="url"
        {...form.text('site_url')}
      />
      <TextField
        label={t('ui.admin.general.short_description')}
        help={t('ui.admin.general.short_description_help')}
        {...form.text('short_description')}
      />
      <TextArea
        label={t('ui.admin.general.description')}
        help={t('ui.admin.general.description_help')}
        rows={3}
        {...form.text('description')}
      />
      <TextField
        label={t('ui.admin.general.contact_email')}
        help={t('ui.admin.general.contact_email_help')}
        type="email"
        {...form.text('contact_email')}
      />
    </SettingsShell>
  );
}

export function InterfaceSettingsPage() {
  const { t } = useTranslation();
  const { settings, timeZones, languages } = useSection<'interface'>();
  const form = useSettingsForm('interface', { ...settings }, interfaceSettingsSchema, (values) => values);
  return (
    <SettingsShell title={t('ui.admin.interface.title')} busy={form.busy} onSubmit={form.submit}>
      <SelectField
        label={t('ui.admin.interface.language')}
        help={t('ui.admin.interface.language_help')}
        options={languages}
        {...form.text('language')}
      />
      <SelectField
        label={t('ui.admin.interface.time_zone')}
        help={t('ui.admin.interface.time_zone_help')}
        options={timeZones.map((zone) => ({ value: zone, label: zone }))}
        {...form.text('time_zone')}
      />
      <AvatarChoice value={form.values.default_avatar} onChange={(value) => form.change({ default_avatar: value })} />
    </SettingsShell>
  );
}

function AvatarChoice({ value, onChange }: { value: string; onChange(value: 'system' | 'gravatar'): void }) {
  const { t } = useTranslation();
  return (
    <RadioGroup
      legend={t('ui.admin.default_avatar')}
      help={t('ui.admin.default_avatar_help')}
      name="default_avatar"
      value={value}
      onChange={(next) => onChange(next === 'gravatar' ? 'gravatar' : 'system')}
      options={[
        { value: 'system', label: t('ui.admin.avatar_system') },
        { value: 'gravatar', label: 'Gravatar' },
      ]}
    />
  );
}

export function LegalSettingsPage() {
  const { t } = useTranslation();
  const { settings } = useSection<'legal'>();
  const form = useSettingsForm(
    'legal',
    {
      terms_of_service_original_text: settings.terms_of_service_original_text,
      privacy_policy_original_text: settings.privacy_policy_original_text,
    },
    legalSettingsSchema,
    (values) => values,
  );
  return (
    <SettingsShell title={t('ui.admin.legal.title')} busy={form.busy} onSubmit={form.submit}>
      <TextArea
        label={t('ui.admin.legal.terms')}
        help={t('ui.admin.legal.markdown_help', { path: '/tos' })}
        rows={10}
        {...form.text('terms_of_service_original_text')}
      />
      <TextArea
        label={t('ui.admin.legal.privacy')}
        help={t('ui.admin.legal.markdown_help', { path: '/privacy' })}
        rows={10}
        {...form.text('privacy_policy_original_text')}
      />
    </SettingsShell>
  );
}

const slugsOf = (tags: { slug_name: string }[]) => tags.map((tag) => tag.slug_name).join(', ');
const tagsOf = (text: string) => splitList(text).map((slug_name) => ({ slug_name }));

export function WriteSettingsPage() {
  const { t } = useTranslation();
  const { settings } = useSection<'write'>();
  const form = useSettingsForm(
    'write',
    {
      restrict_answer: settings.restrict_answer,
      required_tag: settings.required_tag,
      recommend_tags: slugsOf(settings.recommend_tags),
      reserved_tags: slugsOf(settings.reserved_tags),
    },
    writeSettingsSchema,
    (values) => ({
      ...values,
      recommend_tags: tagsOf(values.recommend_tags),
      reserved_tags: tagsOf(values.reserved_tags),
    }),
  );
  return (
    <SettingsShell title={t('ui.admin.write.title')} busy={form.busy} onSubmit={form.submit}>
      <Switch
        label={t('ui.admin.write.restrict_answer')}
        help={t('ui.admin.write.restrict_answer_help')}
        {...form.toggle('restrict_answer')}
      />
      <TextArea
        label={t('ui.admin.write.recommend_tags')}
        help={t('ui.admin.write.tags_help')}
        rows={2}
        {...form.text('recommend_tags')}
      />
      <Switch
        label={t('ui.admin.write.required_tag')}
        help={t('ui.admin.write.required_tag_help')}
        {...form.toggle('required_tag')}
      />
      <TextArea
        label={t('ui.admin.write.reserved_tags')}
        help={t('ui.admin.write.reserved_tags_help')}
        rows={2}
        {...form.text('reserved_tags')}
      />
    </SettingsShell>
  );
}

export function SeoSettingsPage() {
  const { t } = useTranslation();
  const { settings } = useSection<'seo'>();
  const form = useSettingsForm(
    'seo',
    { permalink: String(settings.permalink), robots: settings.robots },
    seoSettingsSchema,
    (values) => ({ permalink: Number(values.permalink), robots: values.robots }),
  );
  return (
    <SettingsShell title={t('ui.admin.seo.title')} busy={form.busy} onSubmit={form.submit}>
      <RadioGroup
        legend={t('ui.admin.seo.permalink')}
        help={t('ui.admin.seo.permalink_help')}
        name="permalink"
        value={form.values.permalink}
        error={form.errors.permalink}
        onChange={(value) => form.change({ permalink: value })}
        options={[1, 2, 3, 4].map((n) => ({ value: String(n), label: t(`ui.admin.seo.permalink_${n}`) }))}
      />
      <TextArea
        label={t('ui.admin.seo.robots')}
        help={t('ui.admin.seo.robots_help')}
        rows={12}
        className="font-mono"
        {...form.text('robots')}
      />
    </SettingsShell>
  );
}

export function LoginSettingsPage() {
  const { t } = useTranslation();
  const { settings } = useSection<'login'>();
  const form = useSettingsForm(
    'login',
    { ...settings, allow_email_domains: settings.allow_email_domains.join('\n') },
    loginSettingsSchema,
    (values) => ({ ...values, allow_email_domains: splitList(values.allow_email_domains) }),
  );
  return (
    <SettingsShell title={t('ui.admin.login.title')} busy={form.busy} onSubmit={form.submit}>
      <Switch
        label={t('ui.admin.login.allow_new_registrations')}
        help={t('ui.admin.login.allow_new_registrations_help')}
        {...form.toggle('allow_new_registrations')}
      />
      <Switch
        label={t('ui.admin.login.allow_email_registrations')}
        help={t('ui.admin.login.allow_email_registrations_help')}
        {...form.toggle('allow_email_registrations')}
      />
      <TextArea
        label={t('ui.admin.login.allow_email_domains')}
        help={t('ui.admin.login.allow_email_domains_help')}
        rows={3}
        {...form.text('allow_email_domains')}
      />
      <Switch
        label={t('ui.admin.login.allow_password_login')}
        help={t('ui.admin.login.allow_password_login_help')}
        {...form.toggle('allow_password_login')}
      />
      <Switch
        label={t('ui.admin.login.login_required')}
        help={t('ui.admin.login.login_required_help')}
        {...form.toggle('login_required')}
      />
    </SettingsShell>
  );
}

const PROFILE_SWITCHES = ['display_name', 'username', 'avatar', 'bio', 'website', 'location'] as const;

export function UsersSettingsPage() {
  const { t } = useTranslation();
  const { settings } = useSection<'users'>();
  const form = useSettingsForm('users', { ...settings }, usersSettingsSchema, (values) => values);
  return (
    <SettingsShell title={t('ui.admin.settings_users.title')} busy={form.busy} onSubmit={form.submit}>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-gray-800 dark:text-gray-200">
          {t('ui.admin.settings_users.profile_edits')}
        </legend>
        {PROFILE_SWITCHES.map((field) => (
          <Switch
            key={field}
            label={t(`ui.admin.settings_users.allow_update_${field}`)}
            {...form.toggle(`allow_update_${field}`)}
          />
        ))}
      </fieldset>
      <AvatarChoice value={form.values.default_avatar} onChange={(value) => form.change({ default_avatar: value })} />
      <TextField
        label={t('ui.admin.settings_users.gravatar_base_url')}
        help={t('ui.admin.settings_users.gravatar_base_url_help')}
        type="url"
        {...form.text('gravatar_base_url')}
      />
    </SettingsShell>
  );
}
