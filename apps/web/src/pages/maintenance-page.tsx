import { useTranslation } from '../lib/translation';

export function MaintenancePage() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col items-center justify-center px-4 text-center">
      <h1 className="text-2xl font-semibold">{t('ui.maintenance.title')}</h1>
      <p className="mt-2 text-gray-600 dark:text-gray-400">{t('ui.maintenance.text')}</p>
    </div>
  );
}
