import { customCssHtmlSettingsSchema } from '@inquire/shared';
import { TextArea } from '../../components/ui/field';
import { useTranslation } from '../../lib/translation';
import { SettingsShell, useSection, useSettingsForm } from './settings-pages';

const PARTS = ['custom_css', 'custom_head', 'custom_header', 'custom_footer', 'custom_sidebar'] as const;

/**
 * Customize → CSS & HTML (spec section 2): the admin's own CSS, head HTML (whose scripts get the
 * page's CSP nonce) and the header, footer and sidebar HTML placed on every page. The server
 * stores the three body parts balanced and without scripts; the help texts say so.
 */
export function CssHtmlSettingsPage() {
  const { t } = useTranslation();
  const { settings } = useSection<'custom-css-html'>();
  const form = useSettingsForm('custom-css-html', { ...settings }, customCssHtmlSettingsSchema, (values) => values);
  return (
    <SettingsShell title={t('ui.admin.css_html.title')} busy={form.busy} onSubmit={form.submit}>
      {PARTS.map((part) => (
        <TextArea
          key={part}
          label={t(`ui.admin.css_html.${part}`)}
          help={t(`ui.admin.css_html.${part}_help`)}
          rows={part === 'custom_css' ? 10 : 6}
          className="font-mono"
          spellCheck={false}
          {...form.text(part)}
        />
      ))}
    </SettingsShell>
  );
}
