import { formatCount } from '@inquire/shared';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { loaderApi } from '../../app/api';
import { Avatar } from '../../components/avatar';
import { API_BASE } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import type { RankedUser, Ranking } from './people-types';

export async function usersPageLoader({ context }: LoaderFunctionArgs): Promise<Ranking> {
  return loaderApi(context).get<Ranking>(`${API_BASE}/user/ranking`);
}

/** `/users`: the week's most reputation, the most votes, and the staff. */
export function UsersPage() {
  const { t } = useTranslation();
  const ranking = useLoaderData() as Ranking;
  return (
    <div className="min-w-0 flex-1 space-y-8">
      <h1 className="text-2xl font-semibold">{t('ui.people.title')}</h1>
      <UserGroup
        title={t('ui.people.most_reputation')}
        users={ranking.users_with_the_most_reputation}
        stat={(u) => t('ui.people.reputation', { count: formatCount(u.rank) })}
      />
      <UserGroup
        title={t('ui.people.most_votes')}
        users={ranking.users_with_the_most_vote}
        stat={(u) => t('ui.people.votes', { count: formatCount(u.vote_count) })}
      />
      <UserGroup
        title={t('ui.people.staff')}
        users={ranking.staffs}
        stat={(u) => t('ui.people.reputation', { count: formatCount(u.rank) })}
      />
    </div>
  );
}

function UserGroup({ title, users, stat }: { title: string; users: RankedUser[]; stat(u: RankedUser): string }) {
  const { t } = useTranslation();
  return (
    <section aria-label={title}>
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      {users.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t('ui.people.nobody_yet')}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {users.map((u) => (
            <li key={u.username} className="flex items-center gap-3">
              <Avatar src={u.avatar} name={u.display_name} size={40} />
              <div className="min-w-0">
                <Link
                  to={`/users/${encodeURIComponent(u.username)}`}
                  className="block truncate font-medium text-primary-text hover:underline"
                >
                  {u.display_name}
                </Link>
                <span className="text-sm text-gray-600 dark:text-gray-400">{stat(u)}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
