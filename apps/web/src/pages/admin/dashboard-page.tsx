import type { AdminDashboard } from '@inquire/shared';
import type { ReactNode } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { loaderApi } from '../../app/api';
import { fromApi } from '../../app/load';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { linkClass } from '../../components/ui/button';
import { ADMIN_API_BASE } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { formatUtc } from '../users/suspended-page';

/** Where an admin reads more or asks for help (the spec's "answer links"). */
const LINKS = [
  { key: 'docs', href: 'https://answer.apache.org/docs' },
  { key: 'support', href: 'https://meta.answer.dev' },
] as const;

export async function dashboardLoader({ context, request }: LoaderFunctionArgs): Promise<AdminDashboard> {
  return fromApi(loaderApi(context).get<AdminDashboard>(`${ADMIN_API_BASE}/dashboard`), new URL(request.url));
}

/** Bytes in the largest unit that keeps a number of at least 1 (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

function Stat({ label, value, note }: { label: string; value: number; note?: string }) {
  return (
    <div className="rounded-md bg-gray-50 p-3 dark:bg-gray-800">
      <dt className="text-sm text-gray-700 dark:text-gray-300">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{value.toLocaleString('en-US')}</dd>
      {note ? <dd className="text-xs text-gray-700 dark:text-gray-300">{note}</dd> : null}
    </div>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="space-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex flex-wrap justify-between gap-2">
          <dt className="text-gray-700 dark:text-gray-300">{label}</dt>
          <dd className="font-medium break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** `/admin`: the site's numbers, health and versions (spec section 2: statistics, health, system info, links). */
export function DashboardPage() {
  const { t } = useTranslation();
  const data = useLoaderData() as AdminDashboard;
  const k = (key: string, vars?: Record<string, string | number>) => t(`ui.admin.dashboard.${key}`, vars);
  const onOff = (on: boolean, yes: string, no: string) => (
    <Badge kind={on ? 'success' : 'warning'}>{on ? yes : no}</Badge>
  );
  return (
    <section aria-labelledby="admin-dashboard-heading">
      <h1 id="admin-dashboard-heading" className="text-2xl font-semibold">
        {k('title')}
      </h1>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{k('as_of', { time: formatUtc(data.as_of) })}</p>
      <div className="mt-4 space-y-4">
        <Card title={k('stats')}>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            <Stat label={k('questions')} value={data.question_count} />
            <Stat label={k('resolved')} value={data.resolved_count} note={k('rate', { rate: data.resolved_rate })} />
            <Stat
              label={k('unanswered')}
              value={data.unanswered_count}
              note={k('rate', { rate: data.unanswered_rate })}
            />
            <Stat label={k('answers')} value={data.answer_count} />
            <Stat label={k('comments')} value={data.comment_count} />
            <Stat label={k('votes')} value={data.vote_count} />
            <Stat label={k('users')} value={data.user_count} />
            <Stat label={k('flags')} value={data.report_count} />
          </dl>
        </Card>
        <div className="grid gap-4 lg:grid-cols-2">
          <Card title={k('health')}>
            <Facts
              rows={[
                [
                  k('smtp'),
                  data.smtp === 'enabled' ? (
                    onOff(true, k('smtp_on'), '')
                  ) : (
                    <span className="inline-flex flex-wrap items-center gap-2">
                      {onOff(false, '', k('smtp_off'))}
                      <Link to="/admin/smtp" className={linkClass}>
                        {k('smtp_fix')}
                      </Link>
                    </span>
                  ),
                ],
                [k('https'), onOff(data.https, k('https_on'), k('https_off'))],
                [k('private'), data.login_required ? k('yes') : k('no')],
                [k('time_zone'), data.time_zone],
                [
                  k('uploads'),
                  k('uploads_value', {
                    count: data.upload_count,
                    size: formatBytes(data.occupying_storage_space),
                  }),
                ],
              ]}
            />
          </Card>
          <Card title={k('system')}>
            <Facts
              rows={[
                [k('version'), data.version_info.version],
                [k('revision'), data.version_info.revision],
                [k('node'), data.node_version],
                [
                  k('database'),
                  `${data.database_engine === 'postgres' ? 'PostgreSQL' : 'SQLite'} ${data.database_version}`,
                ],
                [k('database_size'), formatBytes(data.database_size)],
                [k('started'), formatUtc(data.app_started_at)],
              ]}
            />
          </Card>
        </div>
        <Card title={k('links')}>
          <ul className="flex flex-wrap gap-4 text-sm">
            {LINKS.map((link) => (
              <li key={link.key}>
                <a href={link.href} className={linkClass} target="_blank" rel="noopener noreferrer">
                  {k(link.key)}
                </a>
              </li>
            ))}
            {data.report_count > 0 ? (
              <li>
                <Link to="/review" className={linkClass}>
                  {k('review_flags')}
                </Link>
              </li>
            ) : null}
          </ul>
        </Card>
      </div>
    </section>
  );
}
