import {
  type ActionRecord,
  cachedSearchRedirect,
  formatCount,
  questionPath,
  SEARCH_COUNT_CAP,
  SEARCH_LIMITS,
  SEARCH_ORDERS,
  type SearchDescription,
  type SearchOrder,
  type SearchResultItem,
  type SearchResults,
} from '@inquire/shared';
import { data, Link, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Form } from '../../components/links';
import { loaderApi, serverReferer } from '../../app/api';
import { fromApi } from '../../app/load';
import type { Reader } from '../../app/session';
import { Avatar } from '../../components/avatar';
import { SearchIcon } from '../../components/icons';
import { RelativeTime } from '../../components/relative-time';
import { Alert } from '../../components/ui/alert';
import { buttonClass } from '../../components/ui/button';
import { Card, EmptyState } from '../../components/ui/card';
import { Pagination } from '../../components/ui/pagination';
import { API_BASE, ApiError } from '../../lib/http';
import { useTranslation } from '../../lib/translation';

/**
 * Why a search showed no results: the server could not read it (`messageKey`: its message for
 * `q`, a catalog key), or the reader searched too fast: with the captcha on, past the limit each
 * search needs a solved captcha (`errorKey` when the last code was wrong); with it off, the
 * reader waits.
 */
type SearchProblem =
  | { kind: 'invalid'; messageKey: string }
  | { kind: 'rate_limited' }
  | { kind: 'captcha'; captchaId: string; captchaImg: string; errorKey?: string };

export interface SearchPageData {
  q: string;
  order: SearchOrder;
  pageNumber: number;
  results: SearchResults;
  problem?: SearchProblem;
  description: SearchDescription;
  now: number;
  permalink: number;
}

const EMPTY: SearchResults = { count: 0, list: [] };

/**
 * `/search?q=&order=&page=`. The guard for cached-search-engine visits runs first (see
 * `cachedSearchRedirect`): such a visit is redirected, not searched. Without a query the page
 * shows the box and the tips and asks the server nothing.
 */
export async function searchPageLoader({ context, request }: LoaderFunctionArgs, session: Reader) {
  const url = new URL(request.url);
  const away = cachedSearchRedirect(url, serverReferer(context));
  if (away) throw redirect(away);

  const q = (url.searchParams.get('q') ?? '').trim();
  const asked = url.searchParams.get('order') ?? '';
  const order = (SEARCH_ORDERS as readonly string[]).includes(asked) ? (asked as SearchOrder) : 'relevance';
  const pageNumber = Math.max(1, Math.floor(Number(url.searchParams.get('page'))) || 1);
  const api = loaderApi(context);
  const captcha = {
    captcha_id: url.searchParams.get('captcha_id') ?? '',
    captcha_code: url.searchParams.get('captcha_code') ?? '',
  };
  const [found, description] = await Promise.all([
    q ? search(api, url, { q, order, page: pageNumber }, captcha) : { results: EMPTY },
    fromApi(api.get<SearchDescription>(`${API_BASE}/search/desc`), url),
  ]);
  const page: SearchPageData = {
    q,
    order,
    pageNumber,
    ...found,
    description,
    now: Math.floor(Date.now() / 1000),
    permalink: session.site.site_seo.permalink,
  };
  // A reader over the limit gets this page alone: 429, so no cache keeps it for others.
  const limited = page.problem?.kind === 'rate_limited' || page.problem?.kind === 'captcha';
  return limited ? data(page, { status: 429 }) : page;
}

/** One search; a query the server refuses and a reader over the limit are shown on the page. */
async function search(
  api: ReturnType<typeof loaderApi>,
  url: URL,
  params: { q: string; order: SearchOrder; page: number },
  captcha: { captcha_id: string; captcha_code: string },
): Promise<{ results: SearchResults; problem?: SearchProblem }> {
  const solved = captcha.captcha_id && captcha.captcha_code ? captcha : {};
  try {
    const query = { ...params, size: SEARCH_LIMITS.size, ...solved };
    return { results: await api.get<SearchResults>(`${API_BASE}/search`, query) };
  } catch (error) {
    if (error instanceof ApiError && error.code === 429) return { results: EMPTY, problem: { kind: 'rate_limited' } };
    if (error instanceof ApiError && error.code === 400) {
      // Past the limit with the captcha plugin on, the server asks for a captcha: a new
      // challenge for the page's form, with the last code's error when one was sent.
      const captchaError = error.list.find((e) => e.error_field.startsWith('captcha'));
      if (captchaError) {
        const record = await api.get<ActionRecord>(`${API_BASE}/user/action/record`, { action: 'search' });
        const errorKey = 'captcha_code' in solved ? captchaError.error_msg : undefined;
        return {
          results: EMPTY,
          problem: {
            kind: 'captcha',
            captchaId: record.captcha_id,
            captchaImg: record.captcha_img,
            ...(errorKey ? { errorKey } : {}),
          },
        };
      }
      // In-process reads name a field's message by its key (app/api.ts); the page translates it.
      const message = error.list.find((e) => e.error_field === 'q')?.error_msg ?? '';
      return { results: EMPTY, problem: { kind: 'invalid', messageKey: message || 'ui.search.invalid' } };
    }
    return { results: await fromApi(Promise.reject(error), url) };
  }
}

/** The address of a results page: q kept, defaults left out. */
function searchHref(q: string, order: SearchOrder, page = 1): string {
  const query = new URLSearchParams({ q });
  if (order !== 'relevance') query.set('order', order);
  if (page > 1) query.set('page', String(page));
  return `/search?${query.toString()}`;
}

export function SearchPage() {
  const { t } = useTranslation();
  const { q, order, pageNumber, results, problem } = useLoaderData() as SearchPageData;
  return (
    <section aria-labelledby="search-heading">
      <h1 id="search-heading" className="text-2xl font-semibold break-words">
        {q ? t('ui.search.results_for', { q }) : t('ui.search.title')}
      </h1>
      <SearchBox q={q} order={order} />
      {problem?.kind === 'captcha' ? (
        <SearchCaptcha q={q} order={order} pageNumber={pageNumber} problem={problem} />
      ) : problem ? (
        <div className="mt-4">
          <Alert kind="danger">
            {problem.kind === 'rate_limited' ? t('ui.search.rate_limited') : t(problem.messageKey)}
          </Alert>
        </div>
      ) : null}
      {q && !problem ? (
        <>
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-gray-700 dark:text-gray-300" data-testid="search-count">
              {results.count > SEARCH_COUNT_CAP
                ? t('ui.search.count_capped', { formatted: formatCount(SEARCH_COUNT_CAP) })
                : t('ui.search.count', { count: results.count, formatted: formatCount(results.count) })}
            </p>
            <nav aria-label={t('ui.search.sort')} className="flex flex-wrap gap-1 text-sm">
              {SEARCH_ORDERS.map((o) => (
                <Link
                  key={o}
                  to={searchHref(q, o)}
                  aria-current={o === order ? 'page' : undefined}
                  className={`rounded-md px-2.5 py-1 ${
                    o === order
                      ? 'bg-gray-100 font-semibold text-gray-900 dark:bg-gray-800 dark:text-gray-100'
                      : 'text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800'
                  }`}
                >
                  {t(`ui.search.order_${o}`)}
                </Link>
              ))}
            </nav>
          </div>
          {results.list.length === 0 ? <NoResults /> : <ResultList />}
          <Pagination
            page={pageNumber}
            pageSize={SEARCH_LIMITS.size}
            total={results.count}
            href={(n) => searchHref(q, order, n)}
            labels={{
              nav: t('ui.search.pages'),
              previous: t('ui.design.previous'),
              next: t('ui.design.next'),
              page: (n) => t('ui.design.page_n', { n }),
            }}
          />
        </>
      ) : null}
      {!q ? <p className="mt-4 text-sm text-gray-700 dark:text-gray-300">{t('ui.search.start')}</p> : null}
    </section>
  );
}

/** The page's own box: the reader's query in it, the sort kept when searching again. */
function SearchBox({ q, order }: { q: string; order: SearchOrder }) {
  const { t } = useTranslation();
  return (
    <Form action="/search" method="get" role="search" className="mt-4 flex gap-2">
      <label className="relative block min-w-0 flex-1">
        <span className="sr-only">{t('ui.search.box_label')}</span>
        <SearchIcon className="pointer-events-none absolute top-1/2 start-2.5 h-4 w-4 -translate-y-1/2 text-gray-500" />
        <input
          key={q}
          name="q"
          type="search"
          defaultValue={q}
          maxLength={SEARCH_LIMITS.queryMax}
          className="h-10 w-full rounded-md border border-gray-300 bg-white pe-3 ps-8 text-sm text-gray-900 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
        />
      </label>
      {order !== 'relevance' ? <input type="hidden" name="order" value={order} /> : null}
      <button type="submit" className={buttonClass('primary', 'md')}>
        {t('ui.search.submit')}
      </button>
    </Form>
  );
}

/**
 * Past the limit with the captcha on: the challenge in a plain GET form that runs the same
 * search again with the code (it works before the page's script has loaded, too).
 */
function SearchCaptcha({
  q,
  order,
  pageNumber,
  problem,
}: {
  q: string;
  order: SearchOrder;
  pageNumber: number;
  problem: Extract<SearchProblem, { kind: 'captcha' }>;
}) {
  const { t } = useTranslation();
  const errorId = 'search-captcha-error';
  return (
    <Form
      action="/search"
      method="get"
      className="mt-4 space-y-3 rounded-md border border-gray-200 p-4 dark:border-gray-800"
    >
      <p className="text-sm text-gray-800 dark:text-gray-200">{t('ui.search.captcha_needed')}</p>
      <input type="hidden" name="q" value={q} />
      {order !== 'relevance' ? <input type="hidden" name="order" value={order} /> : null}
      {pageNumber > 1 ? <input type="hidden" name="page" value={pageNumber} /> : null}
      <input type="hidden" name="captcha_id" value={problem.captchaId} />
      <img
        src={problem.captchaImg}
        alt={t('ui.account.captcha.image_alt')}
        width={150}
        height={50}
        className="rounded border border-gray-200 bg-white"
      />
      <div className="flex flex-wrap items-end gap-2">
        <label className="block text-sm font-medium text-gray-900 dark:text-gray-100">
          {t('ui.account.captcha.label')}
          <input
            key={problem.captchaId}
            name="captcha_code"
            autoComplete="off"
            required
            aria-invalid={problem.errorKey ? true : undefined}
            aria-describedby={problem.errorKey ? errorId : undefined}
            className="mt-1 block h-10 w-48 rounded-md border border-gray-300 bg-white px-3 text-sm text-gray-900 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
          />
        </label>
        <button type="submit" className={buttonClass('primary', 'md')}>
          {t('ui.search.submit')}
        </button>
      </div>
      {problem.errorKey ? (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {t(problem.errorKey)}
        </p>
      ) : null}
    </Form>
  );
}

function NoResults() {
  const { t } = useTranslation();
  return (
    <div className="mt-6">
      <EmptyState
        title={t('ui.search.empty_title')}
        text={t('ui.search.empty_body')}
        action={
          <Link to="/questions/ask" className={buttonClass('primary', 'md')}>
            {t('ui.search.ask')}
          </Link>
        }
      />
    </div>
  );
}

function ResultList() {
  const { results } = useLoaderData() as SearchPageData;
  return (
    <ul className="mt-3 divide-y divide-gray-200 border-y border-gray-200 dark:divide-gray-800 dark:border-gray-800">
      {results.list.map((item) => (
        <ResultRow key={`${item.object_type}-${item.object.id}`} item={item} />
      ))}
    </ul>
  );
}

/** One result: plain markup, repeated up to 50 times. The excerpt is the server's escaped HTML with <em> marks. */
function ResultRow({ item }: { item: SearchResultItem }) {
  const { t } = useTranslation();
  const { now, permalink } = useLoaderData() as SearchPageData;
  const { object_type: kind, object: post } = item;
  const question = { id: post.question_id, url_title: post.url_title };
  const href = kind === 'answer' ? questionPath(question, permalink, post.id) : questionPath(question, permalink);
  const author = post.user_info;
  return (
    <li className="flex flex-col gap-2 py-4 sm:flex-row sm:gap-4">
      <div className="flex shrink-0 flex-wrap gap-3 text-xs text-gray-700 sm:w-24 sm:flex-col sm:items-end sm:gap-1 dark:text-gray-300">
        <span>{t('ui.questions.votes', { count: post.vote_count, formatted: formatCount(post.vote_count) })}</span>
        {kind === 'question' ? (
          <span className={post.accepted ? 'rounded bg-green-700 px-1.5 text-white' : ''}>
            {t('ui.questions.answers', { count: post.answer_count, formatted: formatCount(post.answer_count) })}
          </span>
        ) : post.accepted ? (
          <span className="rounded bg-green-700 px-1.5 text-white">{t('ui.search.accepted')}</span>
        ) : null}
      </div>
      <div className="min-w-0 flex-1">
        <h2 className="text-base font-medium">
          <span
            className={`me-2 inline-block rounded px-1.5 py-0.5 align-middle text-xs font-semibold ${
              kind === 'question'
                ? 'bg-primary-50 text-primary-800 dark:bg-gray-800 dark:text-primary-200'
                : 'bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-200'
            }`}
          >
            {t(kind === 'question' ? 'ui.search.kind_question' : 'ui.search.kind_answer')}
          </span>
          <Link to={href} className="text-primary-text hover:underline">
            {post.title}
          </Link>
        </h2>
        {post.excerpt ? (
          <p
            className="mt-1 line-clamp-3 text-sm break-words text-gray-700 dark:text-gray-300 [&_em]:rounded-sm [&_em]:bg-amber-100 [&_em]:font-semibold [&_em]:text-gray-900 [&_em]:not-italic dark:[&_em]:bg-amber-900/60 dark:[&_em]:text-white"
            dangerouslySetInnerHTML={{ __html: post.excerpt }}
          />
        ) : null}
        <div className="mt-2 flex flex-wrap items-center gap-2 text-xs">
          {post.tags.map((tag) => (
            <Link
              key={tag.slug_name}
              to={`/tags/${encodeURIComponent(tag.slug_name)}`}
              className="rounded bg-primary-50 px-2 py-0.5 text-primary-800 hover:bg-primary-100 dark:bg-gray-800 dark:text-primary-200"
            >
              {tag.display_name}
            </Link>
          ))}
          <span className="ms-auto inline-flex items-center gap-1.5 text-gray-700 dark:text-gray-300">
            <Avatar src={author.avatar} name={author.display_name} size={20} />
            {author.username ? (
              <Link to={`/users/${encodeURIComponent(author.username)}`} className="hover:underline">
                {author.display_name}
              </Link>
            ) : (
              <span>{author.display_name}</span>
            )}
            <RelativeTime at={post.created_at} now={now} />
          </span>
        </div>
      </div>
    </li>
  );
}

/** The operators the server reads (modules/search/query-parser.ts), each with what it does. */
const TIPS: Array<{ syntax: string; key: string }> = [
  { syntax: '[tag]', key: 'tag' },
  { syntax: 'user:name', key: 'user' },
  { syntax: 'user:me', key: 'user_me' },
  { syntax: 'score:3', key: 'score' },
  { syntax: 'answers:2', key: 'answers' },
  { syntax: 'is:question', key: 'is_question' },
  { syntax: 'is:answer', key: 'is_answer' },
  { syntax: '"exact phrase"', key: 'phrase' },
  { syntax: 'views:100', key: 'views' },
  { syntax: 'hasaccepted:no', key: 'hasaccepted' },
  { syntax: 'isaccepted:yes', key: 'isaccepted' },
  { syntax: 'inquestion:ID', key: 'inquestion' },
];

/** The sidebar of the search page: the syntax, and a search plugin's attribution when it gives one. */
export function SearchAside({ data }: { data: SearchPageData }) {
  const { t } = useTranslation();
  const { description } = data;
  return (
    <>
      {description.name ? <Attribution description={description} /> : null}
      <Card title={t('ui.search.tips_title')}>
        <dl className="space-y-2 text-sm">
          {TIPS.map((tip) => (
            <div key={tip.key}>
              <dt>
                <code className="rounded bg-gray-100 px-1 py-0.5 text-xs text-gray-900 dark:bg-gray-800 dark:text-gray-100">
                  {tip.syntax}
                </code>
              </dt>
              <dd className="mt-0.5 text-gray-700 dark:text-gray-300">{t(`ui.search.tips.${tip.key}`)}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </>
  );
}

/** `search/desc`: the search plugin's icon and name, both one link to `link` when it gives one. */
function Attribution({ description }: { description: SearchDescription }) {
  const { t } = useTranslation();
  const label = t('ui.search.powered_by', { name: description.name });
  const icon = description.icon ? <img src={description.icon} alt="" width={16} height={16} /> : null;
  return (
    <p className="text-sm text-gray-700 dark:text-gray-300" data-testid="search-attribution">
      {description.link ? (
        <a
          href={description.link}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-2 hover:underline"
        >
          {icon}
          {label}
        </a>
      ) : (
        <span className="inline-flex items-center gap-2">
          {icon}
          {label}
        </span>
      )}
    </p>
  );
}
