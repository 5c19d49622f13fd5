import {
  HEX_COLOR,
  NAVBAR_STYLES,
  themeCss,
  themeSettingsSchema,
  type NavbarStyle,
  type SiteInfo,
} from '@inquire/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/translation';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { loaderApi } from '../../app/api';
import { fromApi } from '../../app/load';
import { resetSession } from '../../app/session';
import { Button } from '../../components/ui/button';
import { RadioGroup, SelectField, TextField } from '../../components/ui/field';
import { serverFieldErrors, validate, type FieldErrors } from '../../lib/forms';
import { ADMIN_API_BASE, http } from '../../lib/http';
import { useLeavePrompt } from '../../lib/leave-prompt';
import { toast } from '../../lib/ui-events';

type ThemeSettings = SiteInfo['theme'];

export async function themesLoader({ context, request }: LoaderFunctionArgs): Promise<ThemeSettings> {
  return fromApi(loaderApi(context).get<ThemeSettings>(`${ADMIN_API_BASE}/siteinfo/theme`), new URL(request.url));
}

/** Writes a colour's variables into the page, so the whole site previews it at once. */
function previewColor(color: string): void {
  const style = document.getElementById('theme-vars');
  if (style && HEX_COLOR.test(color)) style.textContent = themeCss(color);
}

/** Admin → Themes: theme, default scheme, navbar style and primary colour (issue: design system). */
export function ThemesPage() {
  const { t } = useTranslation();
  const initial = useLoaderData() as ThemeSettings;
  const revalidator = useRevalidator();
  const current = initial.theme_config[initial.theme] ?? initial.theme_config.default;
  const [values, setValues] = useState({
    theme: initial.theme,
    color_scheme: initial.color_scheme,
    navbar_style: (current?.navbar_style ?? 'colored') as NavbarStyle,
    primary_color: current?.primary_color ?? '#0033FF',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  useLeavePrompt(dirty && !busy);

  // Leaving the page without saving puts the saved colour back.
  const saved = useRef(current?.primary_color ?? '#0033FF');
  saved.current = current?.primary_color ?? '#0033FF';
  useEffect(() => () => previewColor(saved.current), []);

  const change = (patch: Partial<typeof values>) => {
    setDirty(true);
    setValues({ ...values, ...patch });
    if (patch.primary_color) previewColor(patch.primary_color);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      theme: values.theme,
      color_scheme: values.color_scheme,
      theme_config: {
        ...initial.theme_config,
        [values.theme]: { navbar_style: values.navbar_style, primary_color: values.primary_color },
      },
    };
    const found = validate(themeSettingsSchema, body, t);
    const primaryError = HEX_COLOR.test(values.primary_color) ? undefined : t('form.primary_color.invalid');
    setErrors(primaryError ? { ...found, primary_color: primaryError } : found);
    if (primaryError || Object.keys(found).length) return;
    setBusy(true);
    try {
      await http.put(`${ADMIN_API_BASE}/siteinfo/theme`, body);
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

  return (
    <section>
      <h1 className="text-2xl font-semibold">{t('ui.admin.themes.title')}</h1>
      <form noValidate onSubmit={submit} className="mt-6 max-w-lg space-y-6">
        <SelectField
          label={t('ui.admin.themes.theme')}
          name="theme"
          value={values.theme}
          options={initial.theme_options}
          onChange={(e) => change({ theme: e.target.value })}
        />
        <RadioGroup
          legend={t('ui.admin.themes.color_scheme')}
          help={t('ui.admin.themes.color_scheme_help')}
          name="color_scheme"
          value={values.color_scheme}
          onChange={(value) => change({ color_scheme: value as ThemeSettings['color_scheme'] })}
          options={[
            { value: 'system', label: t('ui.scheme.system') },
            { value: 'light', label: t('ui.scheme.light') },
            { value: 'dark', label: t('ui.scheme.dark') },
          ]}
        />
        <RadioGroup
          legend={t('ui.admin.themes.navbar_style')}
          name="navbar_style"
          value={values.navbar_style}
          onChange={(value) => change({ navbar_style: value as NavbarStyle })}
          options={NAVBAR_STYLES.map((style) => ({ value: style, label: t(`ui.admin.themes.navbar_${style}`) }))}
        />
        <div className="flex items-end gap-3">
          <input
            type="color"
            aria-label={t('ui.admin.themes.preview')}
            value={HEX_COLOR.test(values.primary_color) ? values.primary_color.toLowerCase() : '#0033ff'}
            onChange={(e) => change({ primary_color: e.target.value.toUpperCase() })}
            className="mb-7 h-10 w-12 cursor-pointer rounded border border-gray-300 bg-transparent dark:border-gray-600"
          />
          <div className="flex-1">
            <TextField
              label={t('ui.admin.themes.primary_color')}
              help={t('ui.admin.themes.primary_color_help')}
              name="primary_color"
              value={values.primary_color}
              error={errors.primary_color}
              onChange={(e) => change({ primary_color: e.target.value })}
            />
          </div>
        </div>
        <Button type="submit" loading={busy}>
          {t('ui.admin.themes.save')}
        </Button>
      </form>
    </section>
  );
}
