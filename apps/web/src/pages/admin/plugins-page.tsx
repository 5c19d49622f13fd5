import {
  PLUGIN_FILTERS,
  type PluginConfig,
  type PluginConfigFieldInfo,
  type PluginFilter,
  type PluginItem,
} from '@inquire/shared';
import { useState, type FormEvent } from 'react';
import { Link, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { loaderApi } from '../../app/api';
import { fromApi } from '../../app/load';
import { Badge } from '../../components/ui/badge';
import { Button, linkClass } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/card';
import { Switch, TextField } from '../../components/ui/field';
import { serverFieldErrors, withoutErrors, type FieldErrors } from '../../lib/forms';
import { ADMIN_API_BASE, http } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { toast } from '../../lib/ui-events';

interface PluginsData {
  filter: PluginFilter;
  plugins: PluginItem[];
}

/** `/admin/installed-plugins?status=`: every plugin that ships with Inquire, one filter at a time. */
export async function pluginsLoader({ context, request }: LoaderFunctionArgs): Promise<PluginsData> {
  const url = new URL(request.url);
  const asked = url.searchParams.get('status') as PluginFilter | null;
  const filter = asked && PLUGIN_FILTERS.includes(asked) ? asked : 'all';
  const plugins = await fromApi(
    loaderApi(context).get<PluginItem[]>(`${ADMIN_API_BASE}/plugins`, { status: filter }),
    url,
  );
  return { filter, plugins };
}

/** `/admin/:slugName`: a plugin's settings form, drawn from the fields it declares (404 for no such plugin). */
export async function pluginConfigLoader({ context, request, params }: LoaderFunctionArgs): Promise<PluginConfig> {
  return fromApi(
    loaderApi(context).get<PluginConfig>(`${ADMIN_API_BASE}/plugin/config`, {
      plugin_slug_name: params.slugName ?? '',
    }),
    new URL(request.url),
  );
}

const tabClass = (current: boolean) =>
  `-mb-px border-b-2 px-3 py-2 text-sm font-medium ${
    current
      ? 'border-primary-600 text-gray-900 dark:border-primary-400 dark:text-gray-100'
      : 'border-transparent text-gray-700 hover:text-gray-900 dark:text-gray-300 dark:hover:text-gray-100'
  }`;

export function PluginsPage() {
  const { t } = useTranslation();
  const { filter, plugins } = useLoaderData() as PluginsData;
  return (
    <section aria-labelledby="admin-plugins-heading">
      <h1 id="admin-plugins-heading" className="text-2xl font-semibold">
        {t('ui.admin.plugins.title')}
      </h1>
      <nav
        aria-label={t('ui.admin.plugins.filters_label')}
        className="mt-4 flex flex-wrap gap-1 border-b border-gray-200 dark:border-gray-800"
      >
        {PLUGIN_FILTERS.map((tab) => (
          <Link
            key={tab}
            to={tab === 'all' ? '/admin/installed-plugins' : `/admin/installed-plugins?status=${tab}`}
            aria-current={tab === filter ? 'page' : undefined}
            className={tabClass(tab === filter)}
          >
            {t(`ui.admin.plugins.filters.${tab}`)}
          </Link>
        ))}
      </nav>
      {plugins.length === 0 ? (
        <div className="mt-6">
          <EmptyState title={t('ui.admin.plugins.empty')} />
        </div>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-start text-sm">
            <thead className="border-b border-gray-200 text-gray-700 dark:border-gray-800 dark:text-gray-300">
              <tr>
                {(['name', 'version', 'status', 'action'] as const).map((column) => (
                  <th
                    key={column}
                    scope="col"
                    className={`px-2 py-2 text-start font-medium ${column === 'version' ? 'hidden md:table-cell' : ''}`}
                  >
                    {t(`ui.admin.plugins.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200 dark:divide-gray-800">
              {plugins.map((plugin) => (
                <PluginRow key={plugin.slug_name} plugin={plugin} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function PluginRow({ plugin }: { plugin: PluginItem }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  async function toggle() {
    setBusy(true);
    try {
      await http.put(`${ADMIN_API_BASE}/plugin/status`, {
        plugin_slug_name: plugin.slug_name,
        enabled: !plugin.enabled,
      });
      toast(
        t(plugin.enabled ? 'ui.admin.plugins.disabled_toast' : 'ui.admin.plugins.enabled_toast', { name: plugin.name }),
      );
      await revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  }
  const action = t(plugin.enabled ? 'ui.admin.plugins.disable' : 'ui.admin.plugins.enable');
  return (
    <tr>
      <td className="px-2 py-3 align-top">
        <div className="flex flex-wrap items-center gap-2 font-medium">
          {plugin.name}
          {plugin.builtin ? <Badge>{t('ui.admin.plugins.builtin')}</Badge> : null}
        </div>
        <p className="mt-1 max-w-prose text-xs text-gray-700 dark:text-gray-300">{plugin.description}</p>
        <p className="mt-1 text-xs text-gray-700 dark:text-gray-300">
          {plugin.type} · {plugin.slug_name}
          <span className="md:hidden"> · {plugin.version}</span>
        </p>
      </td>
      <td className="hidden px-2 py-3 align-top md:table-cell">{plugin.version}</td>
      <td className="px-2 py-3 align-top whitespace-nowrap">
        <Badge kind={plugin.enabled ? 'success' : 'neutral'}>
          {t(plugin.enabled ? 'ui.admin.plugins.active' : 'ui.admin.plugins.inactive')}
        </Badge>
      </td>
      <td className="px-2 py-3 align-top">
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" loading={busy} onClick={() => void toggle()}>
            {action}
            <span className="sr-only"> {plugin.name}</span>
          </Button>
          {plugin.have_config ? (
            <Link to={`/admin/${plugin.slug_name}`} className={`${linkClass} text-sm`}>
              {t('ui.admin.plugins.settings')}
              <span className="sr-only"> {plugin.name}</span>
            </Link>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

type Values = Record<string, string | boolean>;

const initialValues = (fields: PluginConfigFieldInfo[]): Values =>
  Object.fromEntries(fields.map((f) => [f.name, typeof f.value === 'boolean' ? f.value : String(f.value)]));

/** The plugin's settings: one input per declared field; the server checks each and answers beside it. */
export function PluginConfigPage() {
  const { t } = useTranslation();
  const config = useLoaderData() as PluginConfig;
  const revalidator = useRevalidator();
  const [values, setValues] = useState<Values>(() => initialValues(config.config_fields));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const change = (name: string, value: string | boolean) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => withoutErrors(current, [name]));
  };
  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = Object.fromEntries(
      config.config_fields.map((f) => {
        const value = values[f.name];
        return [f.name, f.type === 'number' && value !== '' ? Number(value) : (value ?? '')];
      }),
    );
    setBusy(true);
    try {
      await http.put(`${ADMIN_API_BASE}/plugin/config`, { plugin_slug_name: config.slug_name, config_fields: body });
      setErrors({});
      toast(t('ui.toast.update_success'));
      await revalidator.revalidate();
    } catch (error) {
      setErrors(serverFieldErrors(error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="admin-plugin-config-heading">
      <Link to="/admin/installed-plugins" className={linkClass}>
        {t('ui.admin.plugins.back')}
      </Link>
      <h1 id="admin-plugin-config-heading" className="mt-3 text-2xl font-semibold">
        {t('ui.admin.plugins.config_title', { name: config.name })}
      </h1>
      <p className="mt-1 max-w-prose text-sm text-gray-700 dark:text-gray-300">{config.description}</p>
      <form noValidate onSubmit={submit} className="mt-6 max-w-xl space-y-4">
        {config.config_fields.map((field) =>
          field.type === 'switch' ? (
            <Switch
              key={field.name}
              label={field.title}
              help={field.description}
              checked={values[field.name] === true}
              onChange={(checked) => change(field.name, checked)}
            />
          ) : (
            <TextField
              key={field.name}
              label={field.title}
              help={field.description}
              name={field.name}
              type={field.secret ? 'password' : field.type === 'number' ? 'number' : 'text'}
              autoComplete={field.secret ? 'new-password' : undefined}
              inputMode={field.type === 'number' ? 'numeric' : undefined}
              min={field.min}
              max={field.max}
              required={field.required}
              value={String(values[field.name] ?? '')}
              onChange={(e) => change(field.name, e.target.value)}
              error={errors[field.name]}
            />
          ),
        )}
        <Button type="submit" loading={busy}>
          {t('ui.admin.save')}
        </Button>
      </form>
    </section>
  );
}
