import { NOTIFICATION_SOURCES, type NotificationConfig } from '@inquire/shared';
import { useState, type FormEvent } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { loaderApi } from '../../../app/api';
import { Button } from '../../../components/ui/button';
import { Switch } from '../../../components/ui/field';
import { API_BASE, http } from '../../../lib/http';
import { useTranslation } from '../../../lib/translation';
import { toast } from '../../../lib/ui-events';

export async function notifySettingsLoader({ context }: LoaderFunctionArgs): Promise<NotificationConfig> {
  return loaderApi(context).get<NotificationConfig>(`${API_BASE}/user/notification/config`);
}

/** Notification settings: which emails to receive (stored now; sending comes with notifications). */
export function NotifySettings() {
  const { t } = useTranslation();
  const loaded = useLoaderData() as NotificationConfig;
  const [config, setConfig] = useState(loaded);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await http.put(`${API_BASE}/user/notification/config`, config);
      toast(t('ui.account.update_success'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      <p className="text-sm text-gray-600 dark:text-gray-400">{t('ui.account.notify.intro')}</p>
      {NOTIFICATION_SOURCES.map((source) => (
        <Switch
          key={source}
          label={t(`ui.account.notify.${source}`)}
          checked={config[source].enable}
          onChange={(enable) => setConfig((c) => ({ ...c, [source]: { key: 'email', enable } }))}
        />
      ))}
      <Button type="submit" loading={busy}>
        {t('ui.account.save')}
      </Button>
    </form>
  );
}
