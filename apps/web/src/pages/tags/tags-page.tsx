import { TAG_ORDERS, type Paged, type TagBrief, type TagListItem, type TagOrder } from '@inquire/shared';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Form } from '../../components/links';
import { loaderApi } from '../../app/api';
import { fromApi } from '../../app/load';
import type { Reader } from '../../app/session';
import { buttonClass } from '../../components/ui/button';
import { controlClass } from '../../components/ui/field';
import { Pagination } from '../../components/ui/pagination';
import { API_BASE } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { FollowedTags } from './followed-tags';
import { TagCard } from './tag-card';

interface TagsPageData {
  page: Paged<TagListItem>;
  following: TagBrief[] | null;
  order: TagOrder;
  query: string;
  pageNumber: number;
  signedIn: boolean;
  canCreate: boolean;
}

const PAGE_SIZE = 24;

export async function tagsPageLoader({ context, request }: LoaderFunctionArgs, session: Reader): Promise<TagsPageData> {
  const url = new URL(request.url);
  const asked = url.searchParams.get('order');
  const order = (TAG_ORDERS as readonly string[]).includes(asked ?? '') ? (asked as TagOrder) : 'popular';
  const query = (url.searchParams.get('q') ?? '').trim().slice(0, 35);
  const pageNumber = Math.max(1, Number(url.searchParams.get('page')) || 1);
  const api = loaderApi(context);
  const [page, following] = await Promise.all([
    fromApi(
      api.get<Paged<TagListItem>>(`${API_BASE}/tags/page`, {
        page: pageNumber,
        page_size: PAGE_SIZE,
        query_cond: order,
        slug_name: query || undefined,
      }),
      url,
    ),
    session.user ? fromApi(api.get<TagBrief[]>(`${API_BASE}/tags/following`), url) : Promise.resolve(null),
  ]);
  return {
    page,
    following,
    order,
    query,
    pageNumber,
    signedIn: session.user !== null,
    canCreate: session.user?.actions.create_tag ?? false,
  };
}

/** The tag list: filter by name, sort popular / name / newest, cards with a follow button. */
export function TagsPage() {
  const { t } = useTranslation();
  const { page, following, order, query, pageNumber, signedIn, canCreate } = useLoaderData() as TagsPageData;
  const href = (next: { order?: TagOrder; page?: number }) => {
    const search = new URLSearchParams();
    if (query) search.set('q', query);
    const o = next.order ?? order;
    if (o !== 'popular') search.set('order', o);
    if ((next.page ?? 1) > 1) search.set('page', String(next.page));
    const text = search.toString();
    return text ? `/tags?${text}` : '/tags';
  };
  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t('ui.tags.title')}</h1>
        {canCreate ? (
          <Link to="/tags/create" className={buttonClass('primary', 'sm')}>
            {t('ui.tags.create')}
          </Link>
        ) : null}
      </div>
      <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">{t('ui.tags.intro')}</p>
      {following ? <FollowedTags following={following} /> : null}
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Form method="get" action="/tags" role="search" className="flex w-full min-w-0 gap-2 sm:max-w-sm">
          {order !== 'popular' ? <input type="hidden" name="order" value={order} /> : null}
          <label htmlFor="tag-filter" className="sr-only">
            {t('ui.tags.filter')}
          </label>
          <input
            id="tag-filter"
            type="search"
            name="q"
            defaultValue={query}
            maxLength={35}
            placeholder={t('ui.tags.filter')}
            className={`${controlClass(undefined)} min-w-0 flex-1`}
          />
          <button type="submit" className={buttonClass('secondary', 'md')}>
            {t('ui.tags.filter_button')}
          </button>
        </Form>
        <nav aria-label={t('ui.tags.sort')} className="flex flex-wrap gap-1 text-sm">
          {TAG_ORDERS.map((o) => (
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
              {t(`ui.tags.order_${o}`)}
            </Link>
          ))}
        </nav>
      </div>
      {page.list.length === 0 ? (
        <p className="mt-8 text-gray-600 dark:text-gray-400">{t('ui.tags.empty')}</p>
      ) : (
        <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {page.list.map((tag) => (
            <TagCard key={tag.tag_id} tag={tag} signedIn={signedIn} />
          ))}
        </ul>
      )}
      <Pagination
        page={pageNumber}
        pageSize={PAGE_SIZE}
        total={page.count}
        href={(n) => href({ page: n })}
        labels={{
          nav: t('ui.tags.pages'),
          previous: t('ui.design.previous'),
          next: t('ui.design.next'),
          page: (n) => t('ui.design.page_n', { n }),
        }}
      />
    </section>
  );
}
