import {
  INBOX_TYPES,
  NOTIFICATION_TYPES,
  PAGING,
  questionPath,
  slugify,
  type InboxType,
  type NotificationItem,
  type NotificationType,
  type Paged,
} from '@inquire/shared';
import { useEffect, useState } from 'react';
import { data, Link, useLoaderData, useRevalidator, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router';
import { loaderApi } from '../../app/api';
import { fromApi } from '../../app/load';
import type { Reader, Session } from '../../app/session';
import { Avatar } from '../../components/avatar';
import { RelativeTime } from '../../components/relative-time';
import { buttonClass } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/card';
import { Pagination } from '../../components/ui/pagination';
import { API_BASE, http } from '../../lib/http';
import { clearNotificationDot, refreshNotificationStatus } from '../../lib/notification-status';
import { useTranslation } from '../../lib/translation';

export interface NotificationsPageData {
  type: NotificationType;
  inboxType: InboxType;
  pageNumber: number;
  page: Paged<NotificationItem>;
  now: number;
  permalink: number;
}

const PAGE_SIZE = PAGING.defaultPageSize;

/**
 * `/users/notifications/:type[/:subType]` (spec section 2): the inbox with its tabs (all, posts,
 * invites, votes) or the achievements, a page at a time (`?page=`). Anything else is a 404.
 */
export async function notificationsLoader({ context, request, params }: LoaderFunctionArgs, session: Reader) {
  const url = new URL(request.url);
  const type = params.type as NotificationType;
  if (!NOTIFICATION_TYPES.includes(type)) throw data(null, { status: 404 });
  const inboxType = (params.subType ?? 'all') as InboxType;
  if (!INBOX_TYPES.includes(inboxType) || (type === 'achievement' && params.subType)) {
    throw data(null, { status: 404 });
  }
  const pageNumber = Math.max(1, Math.floor(Number(url.searchParams.get('page'))) || 1);
  const query = {
    type,
    page: pageNumber,
    page_size: PAGE_SIZE,
    ...(type === 'inbox' ? { inbox_type: inboxType } : {}),
  };
  const page = await fromApi(
    loaderApi(context).get<Paged<NotificationItem>>(`${API_BASE}/notification/page`, query),
    url,
  );
  return {
    type,
    inboxType,
    pageNumber,
    page,
    now: Math.floor(Date.now() / 1000),
    permalink: session.site.site_seo.permalink,
  } satisfies NotificationsPageData;
}

/** The address of a tab's page: `all` and page 1 left out. */
function listHref(type: NotificationType, inboxType: InboxType, page = 1): string {
  const sub = type === 'inbox' && inboxType !== 'all' ? `/${inboxType}` : '';
  return `/users/notifications/${type}${sub}${page > 1 ? `?page=${page}` : ''}`;
}

const tabClass = (current: boolean) =>
  `-mb-px border-b-2 px-3 py-2 text-sm font-medium ${
    current
      ? 'border-primary-600 text-gray-900 dark:border-primary-400 dark:text-gray-100'
      : 'border-transparent text-gray-700 hover:text-gray-900 dark:text-gray-300 dark:hover:text-gray-100'
  }`;

const pillClass = (current: boolean) =>
  `rounded-md px-2.5 py-1 ${
    current
      ? 'bg-gray-100 font-semibold text-gray-900 dark:bg-gray-800 dark:text-gray-100'
      : 'text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800'
  }`;

export function NotificationsPage() {
  const { t } = useTranslation();
  const { type, inboxType, pageNumber, page } = useLoaderData() as NotificationsPageData;
  // Opening a type's page clears its red dot (spec section 7); its sub-tabs and pages do not again.
  const { notifications } = useRouteLoaderData('root') as Session;
  useEffect(() => {
    void clearNotificationDot(type, notifications);
    // Once per type opened: the session's later reads are not a new visit.
  }, [type]);
  return (
    <section aria-labelledby="notifications-heading">
      <h1 id="notifications-heading" className="text-2xl font-semibold">
        {t('ui.notifications.title')}
      </h1>
      <nav
        aria-label={t('ui.notifications.types')}
        className="mt-4 flex gap-1 border-b border-gray-200 dark:border-gray-800"
      >
        {NOTIFICATION_TYPES.map((kind) => (
          <Link
            key={kind}
            to={listHref(kind, 'all')}
            aria-current={kind === type ? 'page' : undefined}
            className={tabClass(kind === type)}
          >
            {t(`ui.notifications.${kind}`)}
          </Link>
        ))}
      </nav>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        {type === 'inbox' ? (
          <nav aria-label={t('ui.notifications.inbox_tabs')} className="flex flex-wrap gap-1 text-sm">
            {INBOX_TYPES.map((tab) => (
              <Link
                key={tab}
                to={listHref('inbox', tab)}
                aria-current={tab === inboxType ? 'page' : undefined}
                className={pillClass(tab === inboxType)}
              >
                {t(`ui.notifications.tab_${tab}`)}
              </Link>
            ))}
          </nav>
        ) : (
          <span />
        )}
        <MarkAllRead />
      </div>
      {page.list.length === 0 ? (
        <div className="mt-6">
          <EmptyState
            title={t(type === 'inbox' ? 'ui.notifications.empty_inbox' : 'ui.notifications.empty_achievement')}
          />
        </div>
      ) : (
        <ul className="mt-3 divide-y divide-gray-200 border-y border-gray-200 dark:divide-gray-800 dark:border-gray-800">
          {page.list.map((item) => (
            <NotificationRow key={item.id} item={item} />
          ))}
        </ul>
      )}
      <Pagination
        page={pageNumber}
        pageSize={PAGE_SIZE}
        total={page.count}
        href={(n) => listHref(type, inboxType, n)}
        labels={{
          nav: t('ui.notifications.pages'),
          previous: t('ui.design.previous'),
          next: t('ui.design.next'),
          page: (n) => t('ui.design.page_n', { n }),
        }}
      />
    </section>
  );
}

/** `PUT notification/read/state/all` for the type shown, then the list and the red dots again. */
function MarkAllRead() {
  const { t } = useTranslation();
  const { type, page } = useLoaderData() as NotificationsPageData;
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const anyUnread = page.list.some((item) => !item.is_read);

  async function markAll() {
    setBusy(true);
    await http.put(`${API_BASE}/notification/read/state/all`, { type }).catch(() => undefined);
    refreshNotificationStatus();
    await revalidator.revalidate();
    setBusy(false);
  }

  return (
    <button
      type="button"
      className={buttonClass('secondary', 'sm')}
      disabled={busy || !anyUnread}
      onClick={() => void markAll()}
    >
      {t('ui.notifications.mark_all_read')}
    </button>
  );
}

/** Where an item leads: its question, answer or comment (an anchor on the question page). */
function itemHref(item: NotificationItem, permalink: number): string | undefined {
  const { question, answer, comment } = item.object_info.object_map;
  if (!question) return undefined;
  // The question's own title (the presenter withholds the item when the reader may not see it),
  // so the link is the canonical address and not a 301 to it.
  const path = questionPath({ id: question, url_title: slugify(item.object_info.title) }, permalink, answer);
  return comment ? `${path}#${comment}` : path;
}

/** Opening an item marks it read (the red dot comes down with it). */
function markRead(item: NotificationItem): void {
  if (item.is_read) return;
  void http
    .put(`${API_BASE}/notification/read/state`, { id: item.id }, { silent: true })
    .then(refreshNotificationStatus, () => undefined);
}

/** One item: who did what on which post, plain markup repeated up to a page's length. */
function NotificationRow({ item }: { item: NotificationItem }) {
  const { t } = useTranslation();
  const { type, now, permalink } = useLoaderData() as NotificationsPageData;
  const href = itemHref(item, permalink);
  const title = item.object_info.title;
  return (
    <li
      className={`flex gap-3 px-2 py-3 ${item.is_read ? '' : 'bg-primary-50/60 dark:bg-gray-900'}`}
      data-unread={item.is_read ? undefined : ''}
    >
      <span className="mt-2 w-2 shrink-0" aria-hidden="true">
        {item.is_read ? null : <span className="block h-2 w-2 rounded-full bg-red-600" />}
      </span>
      {type === 'achievement' ? (
        <span
          className={`w-12 shrink-0 text-end text-sm font-semibold tabular-nums ${
            item.rank >= 0 ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400'
          }`}
        >
          {item.rank > 0 ? `+${item.rank}` : item.rank}
        </span>
      ) : null}
      <div className="min-w-0 flex-1 text-sm">
        <p className="break-words text-gray-800 dark:text-gray-200">
          {item.is_read ? null : <span className="sr-only">{t('ui.notifications.unread')} </span>}
          {type === 'inbox' ? <Actor item={item} /> : null}
          {item.notification_action}
        </p>
        <p className="mt-1 break-words">
          {href && title ? (
            <Link to={href} className="font-medium text-primary-text hover:underline" onClick={() => markRead(item)}>
              {title}
            </Link>
          ) : (
            <span className="text-gray-600 italic dark:text-gray-400">{t('ui.notifications.post_unavailable')}</span>
          )}
        </p>
        <p className="mt-1 text-xs text-gray-600 dark:text-gray-400">
          <RelativeTime at={item.update_time} now={now} />
        </p>
      </div>
    </li>
  );
}

/** Who did it: a member links to their profile; a deleted one is only a name; a downvoter is nobody. */
function Actor({ item }: { item: NotificationItem }) {
  const { t } = useTranslation();
  const actor = item.user_info;
  if (!actor) return <span className="font-medium">{t('ui.notifications.someone')} </span>;
  return (
    <span className="me-1 inline-flex items-center gap-1.5 align-middle">
      <Avatar src={actor.avatar} name={actor.display_name} size={20} />
      {actor.username && actor.status !== 'deleted' ? (
        <Link to={`/users/${encodeURIComponent(actor.username)}`} className="font-medium hover:underline">
          {actor.display_name}
        </Link>
      ) : (
        <span className="font-medium">{actor.display_name}</span>
      )}
    </span>
  );
}
