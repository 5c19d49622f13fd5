import { useRouteLoaderData } from 'react-router';
import type { Session } from '../../app/session';
import { Alert } from '../../components/ui/alert';
import { useTranslation } from '../../lib/translation';
import { AuthCard } from './auth-card';

/** Suspensions "forever" end on 2099-12-31 (peer facts 8.7); anything from 2090 on reads as forever. */
const FOREVER_FROM = 3_786_912_000;

/** `YYYY-MM-DD HH:mm UTC`: the same text on the server and in every browser, so hydration agrees. */
export function formatUtc(seconds: number): string {
  const iso = new Date(seconds * 1000).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** `/users/account-suspended`: until when, or forever. */
export function AccountSuspendedPage() {
  const { t } = useTranslation();
  const { user, site } = useRouteLoaderData('root') as Session;
  const until = user?.suspended_until ?? 0;
  const forever = until === 0 || until >= FOREVER_FROM;
  return (
    <AuthCard title={t('ui.account.suspended.title')}>
      <Alert kind="warning">
        {forever ? t('ui.account.suspended.forever') : t('ui.account.suspended.until', { time: formatUtc(until) })}
      </Alert>
      {user?.suspended_reason ? (
        <p className="mt-4 text-center text-sm text-gray-800 dark:text-gray-200">
          {t('ui.account.suspended.reason', { reason: user.suspended_reason })}
        </p>
      ) : null}
      <p className="mt-6 text-center text-sm text-gray-600 dark:text-gray-400">
        {site.general.contact_email
          ? t('ui.account.suspended.contact', { email: site.general.contact_email })
          : t('ui.account.suspended.read_only')}
      </p>
    </AuthCard>
  );
}
