import { formatCount } from '@inquire/shared';
import { data, Link, useLoaderData, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router';
import { loaderApi } from '../../app/api';
import type { Reader, Session } from '../../app/session';
import { Avatar } from '../../components/avatar';
import { Alert } from '../../components/ui/alert';
import { API_BASE, ApiError } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { questionPath } from '@inquire/shared';
import type { PublicProfile, TopPosts } from './people-types';
import {
  loadTabList,
  OWNER_TABS,
  PROFILE_TABS,
  ProfilePager,
  ProfileTabRows,
  type ListOrder,
  type ProfileTab,
  type TabList,
} from './profile-tabs';
import { FlagButton } from '../moderation/deferred-flag-button';

export interface ProfilePageData {
  profile: PublicProfile;
  tab: ProfileTab;
  /** Whether the reader is this member: only then the bookmarks and votes tabs exist. */
  own: boolean;
  top: TopPosts | null;
  list: TabList | null;
  pageNumber: number;
  order: ListOrder;
  now: number;
  /** Whether the reader may flag this member (the session's flag action; never oneself). */
  canFlag: boolean;
}

export async function profilePageLoader(
  { context, params, request }: LoaderFunctionArgs,
  session: Reader,
): Promise<ProfilePageData> {
  const api = loaderApi(context);
  const username = params.username ?? '';
  const tab = (params.tabName ?? 'overview') as ProfileTab;
  const own = session.user?.username === username;
  if (!PROFILE_TABS.includes(tab) || (OWNER_TABS.includes(tab) && !own)) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const pageNumber = Math.max(1, Number(url.searchParams.get('page')) || 1);
  const order: ListOrder = url.searchParams.get('order') === 'score' ? 'score' : 'newest';
  try {
    const [profile, top, list] = await Promise.all([
      api.get<PublicProfile>(`${API_BASE}/personal/user/info`, { username }),
      tab === 'overview' ? api.get<TopPosts>(`${API_BASE}/personal/qa/top`, { username }) : null,
      tab === 'overview' ? null : loadTabList(api, tab, username, pageNumber, order),
    ]);
    const canFlag = !own && (session.user?.actions.flag ?? false);
    return { profile, tab, own, top, list, pageNumber, order, now: Math.floor(Date.now() / 1000), canFlag };
  } catch (error) {
    if (error instanceof ApiError && error.code === 404) throw data(null, { status: 404 });
    throw error;
  }
}

/** `YYYY-MM-DD` in UTC: identical on the server and in the browser. */
function day(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/** `/users/{username}` and `/users/{username}/{tabName}`: who the member is, then one tab. */
export function ProfilePage() {
  const { t } = useTranslation();
  const page = useLoaderData() as ProfilePageData;
  const { profile } = page;
  const { site } = useRouteLoaderData('root') as Session;
  const permalink = site.site_seo.permalink;
  const base = `/users/${encodeURIComponent(profile.username)}`;
  const tabs = PROFILE_TABS.filter((tab) => page.own || !OWNER_TABS.includes(tab));
  const href = (query: { page?: number; order?: ListOrder }) => {
    const search = new URLSearchParams();
    const order = query.order ?? page.order;
    if (order !== 'newest') search.set('order', order);
    if (query.page && query.page > 1) search.set('page', String(query.page));
    const q = search.toString();
    return `${base}/${page.tab}${q ? `?${q}` : ''}`;
  };
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
          {page.canFlag && profile.status !== 'deleted' ? <FlagButton objectId={profile.id} objectType="user" /> : null}
        </div>
      </header>
      {profile.status_msg ? <Alert kind="warning">{profile.status_msg}</Alert> : null}
      {page.tab === 'overview' && profile.bio_html ? (
        <section aria-label={t('ui.people.about')}>
          <h2 className="mb-2 text-lg font-semibold">{t('ui.people.about')}</h2>
          {/* bio_html is rendered and sanitized by the server's one markdown renderer. */}
          <div className="prose max-w-none dark:prose-invert" dangerouslySetInnerHTML={{ __html: profile.bio_html }} />
        </section>
      ) : null}
      <nav aria-label={t('ui.people.tabs_label')}>
        <ul className="flex flex-wrap border-b border-gray-200 dark:border-gray-800">
          {tabs.map((tab) => (
            <li key={tab}>
              <Link
                to={tab === 'overview' ? base : `${base}/${tab}`}
                aria-current={tab === page.tab ? 'page' : undefined}
                className={`-mb-px block border-b-2 px-2.5 py-2 text-sm font-medium whitespace-nowrap ${tab === page.tab ? 'border-[var(--primary-solid)] text-gray-900 dark:text-gray-100' : 'border-transparent text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-gray-100'}`}
              >
                {t(`ui.people.tab.${tab}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {page.top ? <TopLists top={page.top} permalink={permalink} /> : null}
      {page.list ? (
        <section aria-label={t(`ui.people.tab.${page.tab}`)}>
          {page.tab === 'answers' || page.tab === 'questions' ? (
            <div className="mb-2 flex justify-end gap-1 text-sm" role="group" aria-label={t('ui.people.order_label')}>
              {(['newest', 'score'] as const).map((order) => (
                <Link
                  key={order}
                  to={href({ order })}
                  aria-current={order === page.order ? 'true' : undefined}
                  className={`rounded-md px-3 py-1 ${order === page.order ? 'bg-gray-200 font-medium dark:bg-gray-700' : 'text-gray-600 hover:bg-gray-100 dark:text-gray-400 dark:hover:bg-gray-800'}`}
                >
                  {t(`ui.people.order.${order}`)}
                </Link>
              ))}
            </div>
          ) : null}
          <ProfileTabRows list={page.list} now={page.now} permalink={permalink} />
          <ProfilePager page={page.pageNumber} total={page.list.page.count} href={(n) => href({ page: n })} />
        </section>
      ) : null}
    </div>
  );
}

function TopLists({ top, permalink }: { top: TopPosts; permalink: number }) {
  const { t } = useTranslation();
  return (
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
                  to={questionPath({ id: a.question_id, url_title: a.url_title }, permalink, a.answer_id)}
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
  );
}
