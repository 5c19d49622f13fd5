import {
  EDIT_REVIEW_TYPES,
  REVIEW_TYPES,
  SUSPEND_DURATIONS,
  questionPath,
  type AppealItem,
  type FlaggedPostItem,
  type FlaggedUserItem,
  type Paged,
  type QueuedPostItem,
  type ReviewType,
  type ReviewTypeItem,
  type UnreviewedRevision,
} from '@inquire/shared';
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { data, Link, useLoaderData, useNavigate, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { loaderApi } from '../../app/api';
import { fromApi } from '../../app/load';
import type { Reader } from '../../app/session';
import { RelativeTime } from '../../components/relative-time';
import { Button, buttonClass } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/card';
import { Menu, type MenuEntry } from '../../components/ui/menu';
import { Dialog } from '../../components/ui/dialog';
import { SelectField, TextArea, TextField } from '../../components/ui/field';
import { TagInput, type TagOption } from '../../components/ui/tag-input';
import { serverFieldErrors, type FieldErrors } from '../../lib/forms';
import { API_BASE, http } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { CloseDialog } from '../curation/close-dialog';
import { RevisionDiff } from '../curation/revision-diff';

/** What the page shows: one of the review types, or the staff's appeals (ours, beside the types). */
type View = ReviewType | 'appeal';

/**
 * Each queue's one-item page call (the server answers one item per page and how many are left):
 * the three edit types read the suggested edits of their object type. This site holds no
 * accounts for review, so the queued-user type has no call and says so.
 */
const QUEUE_CALLS: Record<View, { path: string; params?: Record<string, string> } | null> = {
  question_edit: { path: 'revisions/unreviewed', params: { object_type: EDIT_REVIEW_TYPES.question_edit } },
  answer_edit: { path: 'revisions/unreviewed', params: { object_type: EDIT_REVIEW_TYPES.answer_edit } },
  tag_edit: { path: 'revisions/unreviewed', params: { object_type: EDIT_REVIEW_TYPES.tag_edit } },
  flagged_post: { path: 'report/unreviewed/post' },
  flagged_user: { path: 'report/unreviewed/user' },
  queued_post: { path: 'review/pending/post/page' },
  queued_user: null,
  appeal: { path: 'moderation/appeal/page' },
};

type Item = FlaggedPostItem | FlaggedUserItem | QueuedPostItem | AppealItem | UnreviewedRevision;

export interface ReviewPageData {
  types: ReviewTypeItem[];
  /** Open appeals, for staff (who alone answer them); null for others. */
  appeals: number | null;
  type: View;
  page: number;
  item: Item | null;
  left: number;
  permalink: number;
  now: number;
}

/**
 * `/review` (issue 12; spec 9): the review types the server offers this member
 * (`reviewing/type`) and, for staff, the appeals beside them; one item at a time
 * (`?type=&page=`; skipping moves to the next page), with how many are left.
 */
export async function reviewLoader({ context, request }: LoaderFunctionArgs, session: Reader): Promise<ReviewPageData> {
  const url = new URL(request.url);
  const api = loaderApi(context);
  const types = (await fromApi(api.get<ReviewTypeItem[]>(`${API_BASE}/reviewing/type`), url)).filter((t) =>
    REVIEW_TYPES.includes(t.name),
  );
  // Staff see every type, members with an audit privilege the edits they may review; others none.
  if (types.length === 0) throw data(null, { status: 403 });
  const read = (view: View, page: number) => {
    const call = QUEUE_CALLS[view];
    return call ? fromApi(api.get<Paged<Item>>(`${API_BASE}/${call.path}`, { ...call.params, page }), url) : null;
  };
  // The flagged-post type is staff's alone, and so are appeals.
  const staff = types.some((t) => t.name === 'flagged_post');
  const asked = url.searchParams.get('type');
  const askedPage = Math.max(1, Math.floor(Number(url.searchParams.get('page'))) || 1);
  const askedAppeals = staff && asked === 'appeal';
  const firstAppeals = staff ? await read('appeal', askedAppeals ? askedPage : 1) : null;
  const appeals = firstAppeals?.count ?? null;
  const type: View =
    (askedAppeals ? 'appeal' : undefined) ??
    types.find((t) => t.name === asked)?.name ??
    types.find((t) => t.todo_amount > 0)?.name ??
    (appeals ? 'appeal' : undefined) ??
    types[0]?.name ??
    'flagged_post';
  let page = type === 'appeal' ? (askedAppeals ? askedPage : 1) : askedPage;
  let queue = type === 'appeal' ? firstAppeals : await read(type, page);
  // Skipped past the last item (or it was just settled): start again from the first one left.
  if (queue && queue.list.length === 0 && queue.count > 0 && page > 1) {
    page = 1;
    queue = await read(type, page);
  }
  return {
    types,
    appeals,
    type,
    page,
    item: queue?.list[0] ?? null,
    left: queue?.count ?? 0,
    permalink: session.site.site_seo.permalink,
    now: Math.floor(Date.now() / 1000),
  };
}

export function ReviewPage() {
  const data = useLoaderData() as ReviewPageData;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const skip = () => void navigate(`/review?type=${data.type}&page=${data.page + 1}`);
  const done = async () => {
    await revalidator.revalidate();
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">{t('ui.review.title')}</h1>
        {data.appeals !== null ? (
          <ReviewLink name="appeal" current={data.type === 'appeal'} count={data.appeals}>
            {t('ui.review.appeals')}
          </ReviewLink>
        ) : null}
      </div>
      <nav aria-label={t('ui.review.queues')}>
        <ul className="flex flex-wrap gap-1 border-b border-gray-200 dark:border-gray-800">
          {data.types.map((type) => (
            <li key={type.name}>
              <ReviewLink name={type.name} current={type.name === data.type} count={type.todo_amount}>
                {t(`ui.review.type.${type.name}`)}
              </ReviewLink>
            </li>
          ))}
        </ul>
      </nav>
      {data.item ? (
        <section aria-labelledby="review-item" className="space-y-3">
          <p className="text-sm text-gray-600 dark:text-gray-400" data-testid="review-left">
            {t('ui.review.left', { count: data.left })}
          </p>
          <ReviewItem key={itemKey(data.item)} data={data} item={data.item} onDone={done} onSkip={skip} />
        </section>
      ) : (
        <EmptyState
          title={t('ui.review.empty')}
          text={data.type === 'queued_user' ? t('ui.review.queued_user_none') : undefined}
        />
      )}
    </div>
  );
}

/** A review type's (or the appeals') link with what is left in it. */
function ReviewLink({
  name,
  current,
  count,
  children,
}: {
  name: View;
  current: boolean;
  count: number;
  children: ReactNode;
}) {
  return (
    <Link
      to={`/review?type=${name}`}
      aria-current={current ? 'page' : undefined}
      className={`inline-flex items-center gap-2 border-b-2 px-3 py-2 text-sm ${current ? 'border-primary font-medium text-primary-text' : 'border-transparent text-gray-700 hover:text-gray-900 dark:text-gray-300 dark:hover:text-gray-100'}`}
    >
      {children}
      <span className="rounded-full bg-gray-100 px-2 text-xs text-gray-800 dark:bg-gray-800 dark:text-gray-200">
        {count}
      </span>
    </Link>
  );
}

function itemKey(item: Item): string {
  if ('unreviewed_info' in item) return item.unreviewed_info.id;
  if ('flag_id' in item) return item.flag_id;
  if ('review_id' in item) return item.review_id;
  return item.appeal_id;
}

/** Approve with "a" and skip with "s", unless the person is typing or a dialog is open. */
function useShortcuts(keys: Record<string, (() => void) | undefined>) {
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
      const run = keys[event.key.toLowerCase()];
      if (!run) return;
      event.preventDefault();
      run();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
}

interface ItemProps<T> {
  data: ReviewPageData;
  item: T;
  onDone(): Promise<void>;
  onSkip(): void;
}

function ReviewItem({ data, item, onDone, onSkip }: ItemProps<Item>) {
  if ('unreviewed_info' in item) return <SuggestedEdit data={data} item={item} onDone={onDone} onSkip={onSkip} />;
  if ('review_id' in item) return <QueuedPost data={data} item={item} onDone={onDone} onSkip={onSkip} />;
  if ('appeal_id' in item) return <Appeal data={data} item={item} onDone={onDone} onSkip={onSkip} />;
  if (item.object_type === 'user') return <FlaggedUser data={data} item={item} onDone={onDone} onSkip={onSkip} />;
  return <FlaggedPost data={data} item={item} onDone={onDone} onSkip={onSkip} />;
}

/** Runs a decision; the HTTP client shows a refusal, and the queue reloads either way. */
function useDecision(onDone: () => Promise<void>) {
  const [busy, setBusy] = useState('');
  async function decide(name: string, send: () => Promise<unknown>) {
    setBusy(name);
    try {
      await send();
    } catch {
      // Already shown by the HTTP client.
    } finally {
      setBusy('');
      await onDone();
    }
  }
  return { busy, decide };
}

function PostCard({
  data,
  post,
  children,
}: {
  data: ReviewPageData;
  post: FlaggedPostItem | QueuedPostItem;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const link = questionPath(
    { id: post.question_id, url_title: post.url_title },
    data.permalink,
    post.object_type === 'answer' ? post.answer_id : undefined,
  );
  return (
    <article className="space-y-3 rounded-lg border border-gray-200 p-4 dark:border-gray-800">
      <p className="text-xs font-medium text-gray-600 uppercase dark:text-gray-400">
        {t(`ui.review.object.${post.object_type}`)}
      </p>
      <h2 id="review-item" className="text-lg font-semibold break-words">
        <Link to={link} className="hover:underline">
          {post.title}
        </Link>
      </h2>
      <div className="prose max-w-none dark:prose-invert" dangerouslySetInnerHTML={{ __html: post.parsed_text }} />
      <p className="text-sm text-gray-600 dark:text-gray-400">
        {t('ui.review.written_by', { name: post.author_user_info?.display_name ?? '' })} ·{' '}
        <RelativeTime at={post.submit_at} now={data.now} />
      </p>
      <AuthorOrigin post={post} />
      {children}
    </article>
  );
}

/** Where the post was written from: the queues are staff-only, so the server sends it here alone. */
function AuthorOrigin({ post }: { post: FlaggedPostItem | QueuedPostItem }) {
  const { t } = useTranslation();
  if (!post.author_ip && !post.author_user_agent) {
    return <p className="text-xs text-gray-600 dark:text-gray-400">{t('ui.review.origin_unknown')}</p>;
  }
  return (
    <p className="text-xs break-all text-gray-600 dark:text-gray-400" data-testid="review-origin">
      {t('ui.review.author_origin', { ip: post.author_ip })}
      {post.author_user_agent ? (
        <span className="block">{t('ui.review.author_agent', { agent: post.author_user_agent })}</span>
      ) : null}
    </p>
  );
}

function FlaggedPost({ data, item, onDone, onSkip }: ItemProps<FlaggedPostItem>) {
  const { t } = useTranslation();
  const { busy, decide } = useDecision(onDone);
  const [closing, setClosing] = useState(false);
  const [editing, setEditing] = useState(false);
  const [approving, setApproving] = useState(false);
  const operate = (operation_type: string) => () =>
    decide(operation_type, () => http.put(`${API_BASE}/report/review`, { flag_id: item.flag_id, operation_type }));
  // A opens the approve dropdown: upholding a flag still means choosing what is done about the post.
  useShortcuts({ a: () => setApproving(true), s: onSkip });
  // The approve dropdown: the flag is upheld, and this is what is done about the post.
  const upheld: MenuEntry[] = [
    { kind: 'action', label: t('ui.review.edit'), onSelect: () => setEditing(true) },
    ...(item.object_type === 'question'
      ? [{ kind: 'action' as const, label: t('ui.review.close'), onSelect: () => setClosing(true) }]
      : []),
    ...(item.object_type !== 'comment'
      ? [{ kind: 'action' as const, label: t('ui.review.unlist'), onSelect: () => void operate('unlist_post')() }]
      : []),
    { kind: 'action', label: t('ui.review.delete'), danger: true, onSelect: () => void operate('delete_post')() },
  ];
  return (
    <PostCard data={data} post={item}>
      <FlagReason item={item} now={data.now} />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" loading={busy === 'ignore_report'} onClick={operate('ignore_report')}>
          {t('ui.review.ignore')}
        </Button>
        <Menu
          align="start"
          entries={upheld}
          open={approving}
          onOpenChange={setApproving}
          trigger={
            <button
              type="button"
              className={buttonClass('secondary')}
              aria-keyshortcuts="a"
              aria-busy={busy === 'unlist_post' || busy === 'delete_post' || undefined}
            >
              {t('ui.review.approve_menu')} <span aria-hidden="true">▾</span>
            </button>
          }
        />
        <Button variant="ghost" onClick={onSkip} aria-keyshortcuts="s">
          {t('ui.review.skip')}
        </Button>
      </div>
      <p className="text-xs text-gray-600 dark:text-gray-400">{t('ui.review.shortcuts')}</p>
      {editing ? <EditPostDialog item={item} onOpenChange={setEditing} onEdited={onDone} /> : null}
      <CloseDialog
        questionId={item.question_id}
        open={closing}
        onOpenChange={setClosing}
        onClosed={onDone}
        send={(reason) =>
          http.put(`${API_BASE}/report/review`, {
            flag_id: item.flag_id,
            operation_type: 'close_post',
            close_type: reason.close_type,
            close_msg: reason.close_msg,
          })
        }
      />
    </PostCard>
  );
}

/**
 * The review screen's edit-post modal: staff correct the flagged post in place (a question's
 * title, text and tags, an answer's or a comment's text), which settles the flag.
 */
function EditPostDialog({
  item,
  onOpenChange,
  onEdited,
}: {
  item: FlaggedPostItem;
  onOpenChange(open: boolean): void;
  onEdited(): Promise<void>;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(item.title);
  const [content, setContent] = useState(item.original_text);
  const [tags, setTags] = useState<TagOption[]>(item.tags);
  const [errors, setErrors] = useState<FieldErrors>({});
  const suggest = useCallback(
    (tag: string) =>
      http.get<TagOption[]>(`${API_BASE}/question/tags`, { params: { tag }, silent: true }).catch(() => []),
    [],
  );
  const [busy, setBusy] = useState(false);
  const isQuestion = item.object_type === 'question';

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await http.put(`${API_BASE}/report/review`, {
        flag_id: item.flag_id,
        operation_type: 'edit_post',
        content,
        ...(isQuestion ? { title, tags: tags.map((tag) => ({ slug_name: tag.slug_name })) } : {}),
      });
      onOpenChange(false);
      await onEdited();
    } catch (error) {
      setErrors(serverFieldErrors(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onOpenChange={onOpenChange} title={t('ui.review.edit_title')}>
      <form noValidate onSubmit={save} className="space-y-4">
        {isQuestion ? (
          <TextField
            label={t('ui.review.edit_post_title')}
            name="title"
            value={title}
            error={errors.title}
            onChange={(e) => setTitle(e.target.value)}
          />
        ) : null}
        <TextArea
          label={t('ui.review.edit_content')}
          name="content"
          rows={8}
          value={content}
          error={errors.content ?? errors.original_text}
          onChange={(e) => setContent(e.target.value)}
        />
        {isQuestion ? (
          <TagInput
            label={t('ui.review.edit_tags')}
            value={tags}
            error={errors.tags}
            suggest={suggest}
            removeLabel={(tag) => t('ui.ask.remove_tag', { tag })}
            onChange={setTags}
          />
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            {t('ui.dialog.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('ui.review.edit_save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function FlagReason({ item, now }: { item: FlaggedPostItem | FlaggedUserItem; now: number }) {
  const { t } = useTranslation();
  return (
    <div className="rounded border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950">
      <p>
        {t('ui.review.flagged_by', { name: item.submitter_user?.display_name ?? '' })} ·{' '}
        <RelativeTime at={item.created_at} now={now} />
      </p>
      <p className="font-medium">{item.reason?.name}</p>
      {item.reason_content ? <p className="break-words">{item.reason_content}</p> : null}
    </div>
  );
}

function QueuedPost({ data, item, onDone, onSkip }: ItemProps<QueuedPostItem>) {
  const { t } = useTranslation();
  const { busy, decide } = useDecision(onDone);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const send = (status: 'approve' | 'reject', reason_msg = '') =>
    decide(status, () =>
      http.put(`${API_BASE}/review/pending/post`, { review_id: item.review_id, status, reason_msg }),
    );
  useShortcuts({ a: () => void send('approve'), s: onSkip });
  return (
    <PostCard data={data} post={item}>
      <p className="text-sm text-gray-600 dark:text-gray-400">
        {t('ui.review.held_because', { reason: item.reason_label })}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button loading={busy === 'approve'} onClick={() => void send('approve')} aria-keyshortcuts="a">
          {t('ui.review.approve')}
        </Button>
        <Button variant="danger" onClick={() => setRejecting(true)}>
          {t('ui.review.reject')}
        </Button>
        <Button variant="ghost" onClick={onSkip} aria-keyshortcuts="s">
          {t('ui.review.skip')}
        </Button>
      </div>
      <p className="text-xs text-gray-600 dark:text-gray-400">{t('ui.review.shortcuts')}</p>
      <Dialog
        open={rejecting}
        onOpenChange={setRejecting}
        title={t('ui.review.reject')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setRejecting(false)}>
              {t('ui.dialog.cancel')}
            </Button>
            <Button
              variant="danger"
              loading={busy === 'reject'}
              onClick={() => {
                setRejecting(false);
                void send('reject', reason);
              }}
            >
              {t('ui.review.reject')}
            </Button>
          </>
        }
      >
        <TextField
          label={t('ui.review.reject_reason')}
          name="reason_msg"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Dialog>
    </PostCard>
  );
}

function FlaggedUser({ data, item, onDone, onSkip }: ItemProps<FlaggedUserItem>) {
  const { t } = useTranslation();
  const { busy, decide } = useDecision(onDone);
  const [duration, setDuration] = useState<string>('7d');
  const [reason, setReason] = useState('');
  const review = (operation_type: string, extra: object = {}) =>
    decide(operation_type, () =>
      http.put(`${API_BASE}/report/review`, { flag_id: item.flag_id, operation_type, ...extra }),
    );
  useShortcuts({ s: onSkip });
  return (
    <article className="space-y-3 rounded-lg border border-gray-200 p-4 dark:border-gray-800">
      <h2 id="review-item" className="text-lg font-semibold">
        <Link to={`/users/${item.user.username}`} className="hover:underline">
          {item.user.display_name}
        </Link>
      </h2>
      <p className="text-sm text-gray-600 dark:text-gray-400">
        {t('ui.review.member_counts', { questions: item.user.question_count, answers: item.user.answer_count })}
      </p>
      <FlagReason item={item} now={data.now} />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t('ui.admin.users.status_dialog.duration')}
          name="suspend_duration"
          value={duration}
          onChange={(e) => setDuration(e.target.value)}
          options={SUSPEND_DURATIONS.map((d) => ({ value: d, label: t(`ui.admin.users.durations.${d}`) }))}
        />
        <TextField
          label={t('ui.review.suspend_reason')}
          name="close_msg"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="danger"
          loading={busy === 'suspend_user'}
          onClick={() => void review('suspend_user', { suspend_duration: duration, close_msg: reason })}
        >
          {t('ui.review.suspend')}
        </Button>
        <Button variant="secondary" loading={busy === 'ignore_report'} onClick={() => void review('ignore_report')}>
          {t('ui.review.dismiss')}
        </Button>
        <Button variant="ghost" onClick={onSkip}>
          {t('ui.review.skip')}
        </Button>
      </div>
    </article>
  );
}

/** A suggested edit: the current post against the suggestion, approve (A), reject or skip (S). */
function SuggestedEdit({ data, item, onDone, onSkip }: ItemProps<UnreviewedRevision>) {
  const { t } = useTranslation();
  const { busy, decide } = useDecision(onDone);
  const audit = (operation: 'approve' | 'reject') =>
    decide(operation, () => http.put(`${API_BASE}/revisions/audit`, { id: item.unreviewed_info.id, operation }));
  useShortcuts({ a: () => void audit('approve'), s: onSkip });
  const suggestion = item.unreviewed_info;
  return (
    <article className="space-y-3 rounded-lg border border-gray-200 p-4 dark:border-gray-800">
      <p className="text-xs font-medium text-gray-600 uppercase dark:text-gray-400">
        {t(`ui.review.object.${item.type === 'tag' ? 'tag' : item.type}`)}
      </p>
      <h2 id="review-item" className="text-lg font-semibold break-words">
        {item.info.title || suggestion.content.title || item.info.slug_name}
      </h2>
      <p className="text-sm text-gray-600 dark:text-gray-400">
        {t('ui.review.suggested_by', { name: suggestion.user_info.display_name })} ·{' '}
        <RelativeTime at={suggestion.created_at} now={data.now} />
        {suggestion.reason ? ` · ${suggestion.reason}` : ''}
      </p>
      <RevisionDiff before={item.info} after={suggestion.content} />
      <div className="flex flex-wrap gap-2">
        <Button loading={busy === 'approve'} onClick={() => void audit('approve')} aria-keyshortcuts="a">
          {t('ui.review.approve')}
        </Button>
        <Button variant="danger" loading={busy === 'reject'} onClick={() => void audit('reject')}>
          {t('ui.review.reject')}
        </Button>
        <Button variant="ghost" onClick={onSkip} aria-keyshortcuts="s">
          {t('ui.review.skip')}
        </Button>
      </div>
      <p className="text-xs text-gray-600 dark:text-gray-400">{t('ui.review.shortcuts')}</p>
    </article>
  );
}

function Appeal({ data, item, onDone, onSkip }: ItemProps<AppealItem>) {
  const { t } = useTranslation();
  const { busy, decide } = useDecision(onDone);
  const answer = (status: 'grant' | 'deny') =>
    decide(status, () => http.put(`${API_BASE}/moderation/appeal`, { appeal_id: item.appeal_id, status }));
  useShortcuts({ a: () => void answer('grant'), s: onSkip });
  return (
    <article className="space-y-3 rounded-lg border border-gray-200 p-4 dark:border-gray-800">
      <h2 id="review-item" className="text-lg font-semibold">
        {t('ui.review.appeal_by', { name: item.appellant?.display_name ?? '' })}
      </h2>
      <p className="text-sm">
        {t(`ui.decision.action.${item.decision.action}`)}
        {item.decision.reason_msg ? ` · ${item.decision.reason_msg}` : ''}
      </p>
      <blockquote className="border-s-4 border-gray-300 ps-3 break-words dark:border-gray-700">
        {item.content}
      </blockquote>
      <p className="text-sm text-gray-600 dark:text-gray-400">
        <RelativeTime at={item.created_at} now={data.now} />
      </p>
      <div className="flex flex-wrap gap-2">
        <Button loading={busy === 'grant'} onClick={() => void answer('grant')} aria-keyshortcuts="a">
          {t('ui.review.grant')}
        </Button>
        <Button variant="secondary" loading={busy === 'deny'} onClick={() => void answer('deny')}>
          {t('ui.review.deny')}
        </Button>
        <Button variant="ghost" onClick={onSkip} aria-keyshortcuts="s">
          {t('ui.review.skip')}
        </Button>
      </div>
      <p className="text-xs text-gray-600 dark:text-gray-400">{t('ui.review.shortcuts_grant')}</p>
    </article>
  );
}
