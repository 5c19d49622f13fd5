import type { Paged, QuestionTag } from '@inquire/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RelativeTime } from '../../components/relative-time';
import { Pagination } from '../../components/ui/pagination';
import type { LoaderApi } from '../../app/api';
import { API_BASE } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { questionPath } from '@inquire/shared';
import type {
  PersonalAnswer,
  PersonalComment,
  PersonalQuestion,
  PersonalReputation,
  PersonalVote,
} from './people-types';

/** The personal page tabs (spec section 2); bookmarks and votes are the owner's alone. */
export const PROFILE_TABS = [
  'overview',
  'answers',
  'questions',
  'bookmarks',
  'comments',
  'reputation',
  'votes',
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];
export const OWNER_TABS: readonly ProfileTab[] = ['bookmarks', 'votes'];
export const PROFILE_PAGE_SIZE = 20;

export type TabList =
  | { tab: 'answers'; page: Paged<PersonalAnswer> }
  | { tab: 'questions' | 'bookmarks'; page: Paged<PersonalQuestion> }
  | { tab: 'comments'; page: Paged<PersonalComment> }
  | { tab: 'reputation'; page: Paged<PersonalReputation> }
  | { tab: 'votes'; page: Paged<PersonalVote> };

const CALLS: Record<Exclude<ProfileTab, 'overview'>, string> = {
  answers: 'personal/answer/page',
  questions: 'personal/question/page',
  bookmarks: 'personal/collection/page',
  comments: 'personal/comment/page',
  reputation: 'personal/rank/page',
  votes: 'personal/vote/page',
};

export type ListOrder = 'newest' | 'score';

/** One tab's page of rows; answers and questions also take the order. */
export async function loadTabList(
  api: LoaderApi,
  tab: Exclude<ProfileTab, 'overview'>,
  username: string,
  page: number,
  order: ListOrder,
): Promise<TabList> {
  const query: Record<string, string | number | undefined> = { username, page, page_size: PROFILE_PAGE_SIZE };
  if (tab === 'answers' || tab === 'questions') query.order = order;
  const result = await api.get<Paged<never>>(`${API_BASE}/${CALLS[tab]}`, query);
  return { tab, page: result } as TabList;
}

const ROW = 'flex items-start gap-3 border-b border-gray-200 py-3 text-sm last:border-b-0 dark:border-gray-800';
const BADGE = 'w-12 shrink-0 rounded px-1 py-0.5 text-center tabular-nums';
const NEUTRAL = `${BADGE} bg-gray-100 dark:bg-gray-800`;
const MUTED = 'text-gray-600 dark:text-gray-400';

function PostLink({ title, to }: { title: string; to: string }) {
  const { t } = useTranslation();
  // An empty title means the post is gone or hidden; the server withholds it.
  if (!title) return <span className={`italic ${MUTED}`}>{t('ui.people.unavailable')}</span>;
  return (
    <Link to={to} className="font-medium break-words text-primary-text hover:underline">
      {title}
    </Link>
  );
}

/** A question's tags under its title, as the question list shows them. */
function RowTags({ tags }: { tags: QuestionTag[] | undefined }) {
  if (!tags?.length) return null;
  return (
    <ul className="mt-1 flex flex-wrap gap-1 text-xs">
      {tags.map((tag) => (
        <li key={tag.slug_name}>
          <Link
            to={`/tags/${encodeURIComponent(tag.slug_name)}`}
            className="rounded bg-primary-50 px-2 py-0.5 text-primary-800 hover:bg-primary-100 dark:bg-gray-800 dark:text-primary-200"
          >
            {tag.display_name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function answerPath(questionId: string, slug: string, answerId: string, permalink: number): string {
  return questionPath({ id: questionId, url_title: slug || 'answer' }, permalink, answerId);
}

interface TabListProps {
  list: TabList;
  now: number;
  permalink: number;
}

/** The rows of one tab, newest first (or by score), as plain semantic HTML. */
export function ProfileTabRows({ list, now, permalink }: TabListProps) {
  const { t } = useTranslation();
  if (list.page.list.length === 0) return <p className={`py-6 ${MUTED}`}>{t(`ui.people.empty.${list.tab}`)}</p>;
  const rows: ReactNode[] = [];
  switch (list.tab) {
    case 'questions':
    case 'bookmarks':
      for (const q of list.page.list)
        rows.push(
          <li key={q.question_id} className={ROW}>
            <span className={NEUTRAL} title={t('ui.people.votes', { count: q.vote_count })}>
              {q.vote_count}
            </span>
            <div className="min-w-0 flex-1">
              <PostLink title={q.title} to={questionPath({ id: q.question_id, url_title: q.url_title }, permalink)} />
              <RowTags tags={q.tags} />
              <p className={MUTED}>
                {t('ui.people.answers_count', { count: q.answer_count })} ·{' '}
                {t('ui.people.views_count', { count: q.view_count })} · <RelativeTime at={q.created_at} now={now} />
              </p>
            </div>
          </li>,
        );
      break;
    case 'answers':
      for (const a of list.page.list)
        rows.push(
          <li key={a.answer_id} className={ROW}>
            <span
              className={`${BADGE} ${a.accepted === 2 ? 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200' : 'bg-gray-100 dark:bg-gray-800'}`}
              title={a.accepted === 2 ? t('ui.people.accepted') : t('ui.people.votes', { count: a.vote_count })}
            >
              {a.vote_count}
            </span>
            <div className="min-w-0 flex-1">
              <PostLink
                title={a.question_info.title}
                to={answerPath(a.question_id, a.question_info.url_title, a.answer_id, permalink)}
              />
              <RowTags tags={a.question_info.tags} />
              <p className={MUTED}>
                <RelativeTime at={a.create_time} now={now} />
              </p>
            </div>
          </li>,
        );
      break;
    case 'comments':
      for (const c of list.page.list)
        rows.push(
          <li key={c.comment_id} className={ROW}>
            <div className="min-w-0 flex-1 space-y-1">
              <PostLink
                title={c.title}
                to={
                  c.answer_id
                    ? answerPath(c.question_id, c.url_title, c.answer_id, permalink)
                    : questionPath({ id: c.question_id, url_title: c.url_title }, permalink)
                }
              />
              <p className="break-words">{c.content}</p>
              <p className={MUTED}>
                <RelativeTime at={c.created_at} now={now} />
              </p>
            </div>
          </li>,
        );
      break;
    case 'reputation':
      for (const [i, r] of list.page.list.entries())
        rows.push(
          <li key={`${r.created_at}-${i}`} className={ROW}>
            <span className={`${BADGE} bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200`}>
              +{r.reputation}
            </span>
            <div className="min-w-0 flex-1">
              <p>{t(`ui.people.rank_type.${r.rank_type}`, { defaultValue: r.rank_type })}</p>
              {r.question_id ? (
                <PostLink
                  title={r.title}
                  to={
                    r.answer_id
                      ? answerPath(r.question_id, r.url_title, r.answer_id, permalink)
                      : questionPath({ id: r.question_id, url_title: r.url_title }, permalink)
                  }
                />
              ) : null}
              <p className={MUTED}>
                <RelativeTime at={r.created_at} now={now} />
              </p>
            </div>
          </li>,
        );
      break;
    case 'votes':
      for (const [i, v] of list.page.list.entries())
        rows.push(
          <li key={`${v.created_at}-${i}`} className={ROW}>
            <span className={NEUTRAL}>
              {v.vote_type === 'vote_up' ? t('ui.people.vote_up') : t('ui.people.vote_down')}
            </span>
            <div className="min-w-0 flex-1">
              <PostLink
                title={v.title}
                to={
                  v.answer_id
                    ? answerPath(v.question_id, v.url_title, v.answer_id, permalink)
                    : questionPath({ id: v.question_id, url_title: v.url_title }, permalink)
                }
              />
              <p className={MUTED}>
                {t(`ui.people.object_type.${v.object_type}`, { defaultValue: v.object_type })} ·{' '}
                <RelativeTime at={v.created_at} now={now} />
              </p>
            </div>
          </li>,
        );
      break;
  }
  return <ul>{rows}</ul>;
}

interface TabPagerProps {
  page: number;
  total: number;
  href(page: number): string;
}

export function ProfilePager({ page, total, href }: TabPagerProps) {
  const { t } = useTranslation();
  return (
    <Pagination
      page={page}
      pageSize={PROFILE_PAGE_SIZE}
      total={total}
      href={href}
      labels={{
        nav: t('ui.people.pages'),
        previous: t('ui.design.previous'),
        next: t('ui.design.next'),
        page: (n) => t('ui.design.page_n', { n }),
      }}
    />
  );
}
