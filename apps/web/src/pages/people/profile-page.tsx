import { formatCount } from '@inquire/shared';
import { data, Link, useLoaderData, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router';
import { loaderApi } from '../../app/api';
import type { Session } from '../../app/session';
import { Avatar } from '../../components/avatar';
import { Alert } from '../../components/ui/alert';
import { API_BASE, ApiError } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { questionPath } from '../questions/question-list-page';
import type { PublicProfile, TopPosts } from './people-types';

export interface ProfilePageData {
  profile: PublicProfile;
  top: TopPosts;
}

export async function profilePageLoader({ context, params }: LoaderFunctionArgs): Promise<ProfilePageData> {
  const api = loaderApi(context);
  const username = params.username ?? '';
  if (params.tabName && params.tabName !== 'overview') throw data(null, { status: 404 });
  try {
    const [profile, top] = await Promise.all([
      api.get<PublicProfile>(`${API_BASE}/personal/user/info`, { username }),
      api.get<TopPosts>(`${API_BASE}/personal/qa/top`, { username }),
    ]);
    return { profile, top };
  } catch (error) {
    if (error instanceof ApiError && error.code === 404) throw data(null, { status: 404 });
    throw error;
  }
}

/** `YYYY-MM-DD` in UTC: identical on the server and in the browser. */
function day(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/** `/users/{username}`: the overview tab (the other tabs come with their lists). */
export function ProfilePage() {
  const { t } = useTranslation();
  const { profile, top } = useLoaderData() as ProfilePageData;
  const { site } = useRouteLoaderData('root') as Session;
  const permalink = site.site_seo.permalink;
  return (
    <div className="min-w-0 flex-1 space-y-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <Avatar src={profile.avatar} name={profile.display_name} size={96} />
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-semibold break-words">{profile.display_name}</h1>
          <p className="text-gray-600 dark:text-gray-400">@{profile.username}</p>
          <p className="text-sm">
            <strong>{formatCount(profile.rank)}</strong> {t('ui.people.reputation_label')}
            {' · '}
            {t('ui.people.answers_count', { count: profile.answer_count })}
            {' · '}
            {t('ui.people.questions_count', { count: profile.question_count })}
          </p>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-600 dark:text-gray-400">
            {profile.location ? <li>{profile.location}</li> : null}
            {profile.website ? (
              <li>
                <a href={profile.website} rel="nofollow noopener ugc" className="text-primary-text hover:underline">
                  {profile.website.replace(/^https?:\/\//, '')}
                </a>
              </li>
            ) : null}
            <li>{t('ui.people.member_since', { date: day(profile.created_at) })}</li>
            {profile.last_login_date ? (
              <li>{t('ui.people.last_seen', { date: day(profile.last_login_date) })}</li>
            ) : null}
          </ul>
        </div>
      </header>
      {profile.status_msg ? <Alert kind="warning">{profile.status_msg}</Alert> : null}
      {profile.bio_html ? (
        <section aria-label={t('ui.people.about')}>
          <h2 className="mb-2 text-lg font-semibold">{t('ui.people.about')}</h2>
          {/* bio_html is rendered and sanitized by the server's one markdown renderer. */}
          <div className="prose max-w-none dark:prose-invert" dangerouslySetInnerHTML={{ __html: profile.bio_html }} />
        </section>
      ) : null}
      <div className="grid gap-8 md:grid-cols-2">
        <section aria-label={t('ui.people.top_answers')}>
          <h2 className="mb-2 text-lg font-semibold">{t('ui.people.top_answers')}</h2>
          {top.answer.length === 0 ? (
            <p className="text-sm text-gray-600 dark:text-gray-400">{t('ui.people.no_answers')}</p>
          ) : (
            <ul className="space-y-2">
              {top.answer.map((a) => (
                <li key={a.answer_id} className="flex gap-3 text-sm">
                  <span
                    className={`w-10 shrink-0 rounded px-1 text-center ${a.accepted === 2 ? 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200' : 'bg-gray-100 dark:bg-gray-800'}`}
                  >
                    {a.vote_count}
                  </span>
                  <Link
                    to={`/questions/${a.question_id}/${a.url_title}/${a.answer_id}`}
                    className="text-primary-text hover:underline"
                  >
                    {a.title}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-label={t('ui.people.top_questions')}>
          <h2 className="mb-2 text-lg font-semibold">{t('ui.people.top_questions')}</h2>
          {top.question.length === 0 ? (
            <p className="text-sm text-gray-600 dark:text-gray-400">{t('ui.people.no_questions')}</p>
          ) : (
            <ul className="space-y-2">
              {top.question.map((q) => (
                <li key={q.question_id} className="flex gap-3 text-sm">
                  <span className="w-10 shrink-0 rounded bg-gray-100 px-1 text-center dark:bg-gray-800">
                    {q.vote_count}
                  </span>
                  <Link
                    to={questionPath({ id: q.question_id, url_title: q.url_title }, permalink)}
                    className="text-primary-text hover:underline"
                  >
                    {q.title}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
