import {
  ADMIN_ANSWER_FILTERS,
  ADMIN_ANSWER_STATUSES,
  ADMIN_COUNT_CAP,
  ADMIN_QUESTION_FILTERS,
  ADMIN_QUESTION_STATUSES,
  adminAnswerStatusSchema,
  adminQuestionStatusSchema,
  type AdminAnswerItem,
  type AdminPostStatus,
  type AdminQuestionItem,
  type Paged,
  type ReasonOption,
} from '@inquire/shared';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { Form } from '../../components/links';
import { loaderApi } from '../../app/api';
import { fromApi } from '../../app/load';
import { Badge } from '../../components/ui/badge';
import { Button, buttonClass, linkClass } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { RadioGroup, TextArea } from '../../components/ui/field';
import { Pagination } from '../../components/ui/pagination';
import { serverFieldErrors, validate, type FieldErrors } from '../../lib/forms';
import { ADMIN_API_BASE, http } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { toast } from '../../lib/ui-events';
import { formatUtc } from '../users/suspended-page';

const PAGE_SIZE = 20;

type Kind = 'question' | 'answer';

interface ContentData<Item> {
  status: string;
  query: string;
  pageNumber: number;
  page: Paged<Item>;
}

const FILTERS: Record<Kind, readonly string[]> = { question: ADMIN_QUESTION_FILTERS, answer: ADMIN_ANSWER_FILTERS };

/** `/admin/questions|answers?status=&query=&page=`: one status tab, a search, a page at a time. */
function contentLoader<Item>(kind: Kind) {
  return async ({ context, request }: LoaderFunctionArgs): Promise<ContentData<Item>> => {
    const url = new URL(request.url);
    const asked = url.searchParams.get('status') ?? '';
    const status = FILTERS[kind].includes(asked) ? asked : 'normal';
    const query = (url.searchParams.get('query') ?? '').trim().slice(0, 100);
    const pageNumber = Math.max(1, Math.floor(Number(url.searchParams.get('page'))) || 1);
    const page = await fromApi(
      loaderApi(context).get<Paged<Item>>(`${ADMIN_API_BASE}/${kind}/page`, {
        status,
        query,
        page: pageNumber,
        page_size: PAGE_SIZE,
      }),
      url,
    );
    return { status, query, pageNumber, page };
  };
}

export const adminQuestionsLoader = contentLoader<AdminQuestionItem>('question');
export const adminAnswersLoader = contentLoader<AdminAnswerItem>('answer');

function listHref(kind: Kind, status: string, query: string, page = 1): string {
  const params = new URLSearchParams();
  if (status !== 'normal') params.set('status', status);
  if (query) params.set('query', query);
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return `/admin/${kind}s${text ? `?${text}` : ''}`;
}

const tabClass = (current: boolean) =>
  `-mb-px border-b-2 px-3 py-2 text-sm font-medium ${
    current
      ? 'border-primary-600 text-gray-900 dark:border-primary-400 dark:text-gray-100'
      : 'border-transparent text-gray-700 hover:text-gray-900 dark:text-gray-300 dark:hover:text-gray-100'
  }`;

const STATUS_BADGE = {
  normal: 'success',
  closed: 'neutral',
  deleted: 'danger',
  pending: 'warning',
  unlisted: 'warning',
} as const;

export function StatusBadge({ status }: { status: AdminPostStatus }) {
  const { t } = useTranslation();
  return <Badge kind={STATUS_BADGE[status]}>{t(`ui.admin.content.filters.${status}`)}</Badge>;
}

/** Tabs, search, the table and paging: the frame both lists share. */
function ContentList<Item>({
  kind,
  data,
  columns,
  row,
}: {
  kind: Kind;
  data: ContentData<Item>;
  columns: { key: string; wide?: boolean }[];
  row(item: Item): ReactNode;
}) {
  const { t } = useTranslation();
  const { status, query, pageNumber, page } = data;
  const title = t(`ui.admin.content.${kind}s_title`);
  const headingId = `admin-${kind}s-heading`;
  return (
    <section aria-labelledby={headingId}>
      <h1 id={headingId} className="text-2xl font-semibold">
        {title}
      </h1>
      <nav
        aria-label={t('ui.admin.content.filters_label')}
        className="mt-4 flex flex-wrap gap-1 border-b border-gray-200 dark:border-gray-800"
      >
        {FILTERS[kind].map((tab) => (
          <Link
            key={tab}
            to={listHref(kind, tab, query)}
            aria-current={tab === status ? 'page' : undefined}
            className={tabClass(tab === status)}
          >
            {t(`ui.admin.content.filters.${tab}`)}
          </Link>
        ))}
      </nav>
      <Form method="get" action={`/admin/${kind}s`} role="search" className="mt-4 flex max-w-xl items-end gap-2">
        {status !== 'normal' ? <input type="hidden" name="status" value={status} /> : null}
        <div className="flex-1">
          <label className="block text-sm font-medium text-gray-800 dark:text-gray-200" htmlFor={`${kind}-search`}>
            {t(`ui.admin.content.search_${kind}s`)}
          </label>
          <input
            id={`${kind}-search`}
            name="query"
            type="search"
            defaultValue={query}
            className="mt-1 block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-sm dark:border-gray-700 dark:bg-gray-900"
          />
        </div>
        <button type="submit" className={buttonClass('secondary')}>
          {t('ui.admin.content.search_button')}
        </button>
      </Form>
      <p className="mt-3 text-sm text-gray-700 dark:text-gray-300">
        {page.count > ADMIN_COUNT_CAP
          ? t('ui.admin.content.count_capped', { count: ADMIN_COUNT_CAP.toLocaleString('en-US') })
          : t('ui.admin.content.count', { count: page.count })}
      </p>
      {page.list.length === 0 ? (
        <div className="mt-4">
          <EmptyState title={t('ui.admin.content.empty')} />
        </div>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-start text-sm">
            <thead className="border-b border-gray-200 text-gray-700 dark:border-gray-800 dark:text-gray-300">
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.key}
                    scope="col"
                    className={`px-2 py-2 text-start font-medium whitespace-nowrap ${column.wide ? 'hidden md:table-cell' : ''}`}
                  >
                    {t(`ui.admin.content.columns.${column.key}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200 dark:divide-gray-800">{page.list.map(row)}</tbody>
          </table>
        </div>
      )}
      <Pagination
        page={pageNumber}
        pageSize={PAGE_SIZE}
        total={Math.min(page.count, ADMIN_COUNT_CAP)}
        href={(n) => listHref(kind, status, query, n)}
        labels={{
          nav: title,
          previous: t('ui.design.previous'),
          next: t('ui.design.next'),
          page: (n) => t('ui.design.page_n', { n }),
        }}
      />
    </section>
  );
}

function Author({ author }: { author: AdminQuestionItem['author'] }) {
  if (!author) return null;
  return (
    <Link to={`/users/${encodeURIComponent(author.username)}`} className={linkClass}>
      {author.display_name || author.username}
    </Link>
  );
}

const QUESTION_COLUMNS = [
  { key: 'post' },
  { key: 'votes', wide: true },
  { key: 'answers', wide: true },
  { key: 'author', wide: true },
  { key: 'created', wide: true },
  { key: 'status' },
  { key: 'action' },
];

export function AdminQuestionsPage() {
  const { t } = useTranslation();
  const data = useLoaderData() as ContentData<AdminQuestionItem>;
  const [editing, setEditing] = useState<AdminQuestionItem | null>(null);
  return (
    <>
      <ContentList
        kind="question"
        data={data}
        columns={QUESTION_COLUMNS}
        row={(question) => (
          <tr key={question.id}>
            <td className="px-2 py-2">
              <Link to={`/questions/${question.id}/${question.url_title}`} className={linkClass}>
                {question.title}
              </Link>
              <div className="text-xs text-gray-700 md:hidden dark:text-gray-300">
                {question.author?.display_name || question.author?.username} ·{' '}
                {formatUtc(question.created_at).slice(0, 10)}
              </div>
            </td>
            <td className="hidden px-2 py-2 tabular-nums md:table-cell">{question.vote_count}</td>
            <td className="hidden px-2 py-2 tabular-nums md:table-cell">{question.answer_count}</td>
            <RowEnd post={question} title={question.title} onOpen={() => setEditing(question)} />
          </tr>
        )}
      />
      {editing ? (
        <StatusDialog
          kind="question"
          id={editing.id}
          current={editing.status}
          onClose={() => setEditing(null)}
          title={t('ui.admin.content.status_dialog.title')}
        />
      ) : null}
    </>
  );
}

const ANSWER_COLUMNS = [
  { key: 'post' },
  { key: 'votes', wide: true },
  { key: 'author', wide: true },
  { key: 'created', wide: true },
  { key: 'status' },
  { key: 'action' },
];

export function AdminAnswersPage() {
  const { t } = useTranslation();
  const data = useLoaderData() as ContentData<AdminAnswerItem>;
  const [editing, setEditing] = useState<AdminAnswerItem | null>(null);
  return (
    <>
      <ContentList
        kind="answer"
        data={data}
        columns={ANSWER_COLUMNS}
        row={(answer) => (
          <tr key={answer.id}>
            <td className="px-2 py-2">
              <Link to={`/questions/${answer.question_id}/${answer.url_title}/${answer.id}`} className={linkClass}>
                {t('ui.admin.content.answer_to', { title: answer.question_title })}
              </Link>
              <p className="mt-0.5 text-xs text-gray-700 dark:text-gray-300">{answer.excerpt}</p>
              {answer.accepted === 2 ? <Badge kind="success">{t('ui.admin.content.accepted')}</Badge> : null}
            </td>
            <td className="hidden px-2 py-2 tabular-nums md:table-cell">{answer.vote_count}</td>
            <RowEnd post={answer} title={answer.question_title} onOpen={() => setEditing(answer)} />
          </tr>
        )}
      />
      {editing ? (
        <StatusDialog
          kind="answer"
          id={editing.id}
          current={editing.status}
          onClose={() => setEditing(null)}
          title={t('ui.admin.content.status_dialog.title')}
        />
      ) : null}
    </>
  );
}

/** The cells both content tables end with: author, date, status and the change button. */
function RowEnd({
  post,
  title,
  onOpen,
}: {
  post: { author: AdminQuestionItem['author']; created_at: number; status: AdminPostStatus };
  title: string;
  onOpen(): void;
}) {
  return (
    <>
      <td className="hidden px-2 py-2 md:table-cell">
        <Author author={post.author} />
      </td>
      <td className="hidden px-2 py-2 whitespace-nowrap md:table-cell">{formatUtc(post.created_at).slice(0, 10)}</td>
      <td className="px-2 py-2 whitespace-nowrap">
        <StatusBadge status={post.status} />
      </td>
      <td className="px-2 py-2">
        <ChangeButton status={post.status} title={title} onOpen={onOpen} />
      </td>
    </>
  );
}

/** A held post is decided in the review queue, so its row says so instead of offering a change. */
function ChangeButton({ status, title, onOpen }: { status: AdminPostStatus; title: string; onOpen(): void }) {
  const { t } = useTranslation();
  if (status === 'pending') {
    return (
      <Link to="/review" className={`${linkClass} text-xs`}>
        {t('ui.admin.content.pending_help')}
      </Link>
    );
  }
  return (
    <Button variant="secondary" size="sm" onClick={onOpen}>
      {t('ui.admin.content.change_status')}
      {/* Which post, for screen readers; the visible words start the name (WCAG 2.5.3). */}
      <span className="sr-only"> {t('ui.admin.content.change_status_for', { title })}</span>
    </Button>
  );
}

/** The statuses a post can move to from the one it has (the current one is not offered). */
function choicesFor(kind: Kind, current: AdminPostStatus): string[] {
  const all: readonly string[] = kind === 'question' ? ADMIN_QUESTION_STATUSES : ADMIN_ANSWER_STATUSES;
  const same = current === 'normal' ? 'available' : current;
  return all.filter((status) => status !== same);
}

/**
 * The status change with its reason, as a confirmation: closing asks for a close reason (and
 * the text or link it needs); every change takes a reason kept on the post's timeline, which
 * the author also reads with a decision (close, delete, unlist).
 */
function StatusDialog({
  kind,
  id,
  current,
  title,
  onClose,
}: {
  kind: Kind;
  id: string;
  current: AdminPostStatus;
  title: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const choices = choicesFor(kind, current);
  const [status, setStatus] = useState(choices[0] ?? 'available');
  const [reasons, setReasons] = useState<ReasonOption[]>([]);
  const [reasonType, setReasonType] = useState(0);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const closing = status === 'closed';

  useEffect(() => {
    if (!closing || reasons.length) return;
    void http
      .get<ReasonOption[]>(`${ADMIN_API_BASE}/reasons`, { params: { object_type: 'question', action: 'close' } })
      .then((list) => {
        setReasons(list);
        setReasonType((type) => type || (list[0]?.reason_type ?? 0));
      });
  }, [closing, reasons.length]);

  const reason = reasons.find((r) => r.reason_type === reasonType);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      [`${kind}_id`]: id,
      status,
      reason_type: closing ? reasonType : 0,
      reason_msg: message,
    };
    const schema = kind === 'question' ? adminQuestionStatusSchema(window.location.origin) : adminAnswerStatusSchema;
    const found = validate(schema, body, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await http.put(`${ADMIN_API_BASE}/${kind}/status`, body);
      toast(t('ui.toast.update_success'));
      onClose();
      await revalidator.revalidate();
    } catch (error) {
      setErrors(serverFieldErrors(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? null : onClose())}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('ui.admin.content.status_dialog.cancel')}
          </Button>
          <Button type="submit" form="content-status-form" loading={busy}>
            {t('ui.admin.content.status_dialog.submit')}
          </Button>
        </>
      }
    >
      <form id="content-status-form" noValidate onSubmit={submit} className="space-y-4">
        <RadioGroup
          legend={t('ui.admin.content.status_dialog.status')}
          name="status"
          value={status}
          options={choices.map((value) => ({ value, label: t(`ui.admin.content.statuses.${value}`) }))}
          onChange={setStatus}
          error={errors.status}
        />
        {closing ? (
          <RadioGroup
            legend={t('ui.admin.content.status_dialog.close_reason')}
            name="reason_type"
            value={String(reasonType)}
            options={reasons.map((r) => ({ value: String(r.reason_type), label: r.name }))}
            onChange={(value) => setReasonType(Number(value))}
            error={errors.reason_type}
          />
        ) : null}
        {status === 'deleted' ? (
          <p className="text-sm text-red-700 dark:text-red-400">{t('ui.admin.content.status_dialog.confirm_delete')}</p>
        ) : null}
        <TextArea
          label={t('ui.admin.content.status_dialog.reason')}
          help={t('ui.admin.content.status_dialog.message_help')}
          name="reason_msg"
          rows={3}
          placeholder={closing ? reason?.placeholder : undefined}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          error={errors.reason_msg}
        />
      </form>
    </Dialog>
  );
}
