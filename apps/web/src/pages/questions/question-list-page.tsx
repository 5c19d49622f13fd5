import {
  formatCount,
  QUESTION_ORDERS,
  questionPath,
  type Paged,
  type QuestionListItem,
  type QuestionOrder,
} from '@inquire/shared';
import { useTranslation } from '../../lib/translation';
import { useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../components/links';
import { Pagination } from '../../components/ui/pagination';
import { loaderApi } from '../../app/api';
import { fromApi } from '../../app/load';
import type { Reader } from '../../app/session';
import { RelativeTime } from '../../components/relative-time';
import { API_BASE } from '../../lib/http';

interface QuestionListData {
  page: Paged<QuestionListItem>;
  now: number;
  permalink: number;
  order: QuestionOrder;
  pageNumber: number;
}

const PAGE_SIZE = 20;

export function questionListLoader(args: LoaderFunctionArgs, session: Reader): Promise<QuestionListData> {
  return loadQuestionList(args, session);
}

/** The orders offered as tabs; the API's others (hot, recommend) are reached by address. */
const LIST_TABS: readonly QuestionOrder[] = ['newest', 'active', 'frequent', 'score', 'unanswered'];

/** The list's data; `tag` keeps a tag's questions (its synonyms' too), for the tag page. */
export async function loadQuestionList(
  { context, request }: LoaderFunctionArgs,
  session: Reader,
  tag?: string,
): Promise<QuestionListData> {
  const url = new URL(request.url);
  const asked = url.searchParams.get('order');
  const order = (QUESTION_ORDERS as readonly string[]).includes(asked ?? '') ? (asked as QuestionOrder) : 'newest';
  const pageNumber = Math.max(1, Number(url.searchParams.get('page')) || 1);
  const page = await fromApi(
    loaderApi(context).get<Paged<QuestionListItem>>(`${API_BASE}/question/page`, {
      page: pageNumber,
      page_size: PAGE_SIZE,
      order,
      tag,
    }),
    url,
  );
  return { page, now: Math.floor(Date.now() / 1000), permalink: session.site.site_seo.permalink, order, pageNumber };
}

/** `heading` replaces the page's title when the list is part of another page (a tag's). */
export function QuestionListPage({ heading }: { heading?: string }) {
  const { t } = useTranslation();
  const { page, now, permalink, order, pageNumber } = useLoaderData() as QuestionListData;
  const { pathname } = useLocation();
  const href = (next: { order?: QuestionOrder; page?: number }) => {
    const query = new URLSearchParams();
    const o = next.order ?? order;
    if (o !== 'newest') query.set('order', o);
    if ((next.page ?? 1) > 1) query.set('page', String(next.page));
    const text = query.toString();
    return text ? `${pathname}?${text}` : pathname;
  };
  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {heading ? (
          <h2 className="text-lg font-semibold">{heading}</h2>
        ) : (
          <h1 className="text-2xl font-semibold">{t('ui.questions.all')}</h1>
        )}
        <nav aria-label={t('ui.questions.sort')} className="flex flex-wrap gap-1 text-sm">
          {LIST_TABS.map((o) => (
            <Link
              key={o}
              to={href({ order: o })}
              aria-current={o === order ? 'page' : undefined}
              className={`rounded-md px-2.5 py-1 ${
                o === order
                  ? 'bg-gray-100 font-semibold text-gray-900 dark:bg-gray-800 dark:text-gray-100'
                  : 'text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800'
              }`}
            >
              {t(`ui.questions.order_${o}`)}
            </Link>
          ))}
        </nav>
      </div>
      {page.list.length === 0 ? (
        <p className="mt-8 text-gray-600 dark:text-gray-400">{t('ui.questions.empty')}</p>
      ) : (
        <ul className="mt-4 divide-y divide-gray-200 border-y border-gray-200 dark:divide-gray-800 dark:border-gray-800">
          {page.list.map((q) => (
            <li key={q.id} className="flex flex-col gap-2 py-4 sm:flex-row sm:gap-4">
              <div className="flex shrink-0 gap-3 text-xs text-gray-600 sm:w-24 sm:flex-col sm:items-end sm:gap-1 dark:text-gray-400">
                <span>{t('ui.questions.votes', { count: q.vote_count, formatted: formatCount(q.vote_count) })}</span>
                <span className={q.accepted_answer_id !== '0' ? 'rounded bg-green-700 px-1.5 text-white' : ''}>
                  {t('ui.questions.answers', { count: q.answer_count, formatted: formatCount(q.answer_count) })}
                </span>
                <span>{t('ui.questions.views', { count: q.view_count, formatted: formatCount(q.view_count) })}</span>
              </div>
              <div className="min-w-0 flex-1">
                <h2 className="text-base font-medium">
                  {q.pin === 2 ? (
                    <span className="me-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900 dark:bg-amber-900 dark:text-amber-100">
                      {t('ui.questions.pinned')}
                    </span>
                  ) : null}
                  <Link to={questionPath(q, permalink)} className="text-primary-text hover:underline">
                    {q.title}
                  </Link>
                </h2>
                {q.excerpt ? (
                  <p className="mt-1 line-clamp-2 text-sm text-gray-600 dark:text-gray-400">{q.excerpt}</p>
                ) : null}
                <div className="mt-2 flex flex-wrap items-center gap-2 text-xs">
                  {q.tags.map((tag) => (
                    <Link
                      key={tag.slug_name}
                      to={`/tags/${encodeURIComponent(tag.slug_name)}`}
                      className="rounded bg-primary-50 px-2 py-0.5 text-primary-800 hover:bg-primary-100 dark:bg-gray-800 dark:text-primary-200"
                    >
                      {tag.display_name}
                    </Link>
                  ))}
                  <span className="ms-auto text-gray-500 dark:text-gray-400">
                    <Link to={`/users/${q.operator.username}`} className="hover:underline">
                      {q.operator.display_name}
                    </Link>{' '}
                    <RelativeTime at={q.created_at} now={now} />
                  </span>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={pageNumber}
        pageSize={PAGE_SIZE}
        total={page.count}
        href={(n) => href({ page: n })}
        labels={{
          nav: t('ui.questions.pages'),
          previous: t('ui.design.previous'),
          next: t('ui.design.next'),
          page: (n) => t('ui.design.page_n', { n }),
        }}
      />
    </section>
  );
}
