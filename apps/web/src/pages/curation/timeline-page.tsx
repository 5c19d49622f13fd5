import type { RevisionItem, RevisionSnapshot, TimelineData, TimelineItem } from '@inquire/shared';
import { useState } from 'react';
import { Link, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { loaderApi } from '../../app/api';
import { fromApi } from '../../app/load';
import { Avatar } from '../../components/avatar';
import { RelativeTime } from '../../components/relative-time';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { API_BASE, http } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { RevisionDiff } from './revision-diff';

export interface TimelinePageData {
  timeline: TimelineData;
  /** Applied revisions, newest first: a revision's diff is against the next one in this list. */
  revisions: RevisionItem[];
  showVotes: boolean;
  now: number;
}

/** One loader for the question, answer and tag timelines (spec section 2). */
export async function timelineLoader({ context, request, params }: LoaderFunctionArgs): Promise<TimelinePageData> {
  const url = new URL(request.url);
  const api = loaderApi(context);
  const objectId = params.aid ?? params.qid ?? params.tid ?? '';
  const showVotes = url.searchParams.get('show_vote') === 'true';
  const [timeline, revisions] = await Promise.all([
    fromApi(
      api.get<TimelineData>(`${API_BASE}/activity/timeline`, { object_id: objectId, show_vote: String(showVotes) }),
      url,
    ),
    fromApi(api.get<RevisionItem[]>(`${API_BASE}/revisions`, { object_id: objectId }), url),
  ]);
  return { timeline, revisions, showVotes, now: Math.floor(Date.now() / 1000) };
}

const EVENT_KIND: Partial<Record<TimelineItem['activity_type'], 'danger' | 'success' | 'primary' | 'warning'>> = {
  deleted: 'danger',
  closed: 'warning',
  downvote: 'warning',
  undeleted: 'success',
  reopened: 'success',
  accept: 'success',
  edited: 'primary',
  rollback: 'primary',
  approved: 'success',
  rejected: 'danger',
  appeal_granted: 'success',
  flag_ignored: 'warning',
};

function objectLink(info: TimelineData['object_info']): string {
  if (info.object_type === 'tag') return `/tags/${encodeURIComponent(info.slug_name)}`;
  const base = `/questions/${info.question_id}/${info.url_title}`;
  return info.answer_id ? `${base}/${info.answer_id}` : base;
}

/** A question's, answer's or tag's timeline: every event with who, when and its comment; revisions can be compared and rolled back to. */
export function TimelinePage() {
  const { t } = useTranslation();
  const { timeline, revisions, showVotes, now } = useLoaderData() as TimelinePageData;
  const revalidator = useRevalidator();
  const [rollbackTo, setRollbackTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const info = timeline.object_info;
  const current = revisions[0]?.id;

  async function rollback() {
    if (!rollbackTo) return;
    setBusy(true);
    try {
      await http.post(`${API_BASE}/revisions/rollback`, { revision_id: rollbackTo });
      setRollbackTo(null);
      await revalidator.revalidate();
    } catch {
      // The HTTP client showed the refusal.
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="space-y-4">
      <header className="space-y-1 border-b border-gray-200 pb-4 dark:border-gray-800">
        <p className="text-sm text-gray-600 dark:text-gray-400">{t(`ui.curation.timeline_of.${info.object_type}`)}</p>
        <h1 className="text-2xl font-semibold break-words">
          <Link to={objectLink(info)} className="hover:underline">
            {info.title}
          </Link>
        </h1>
        {timeline.can_show_votes ? (
          <Link
            to={showVotes ? '?' : '?show_vote=true'}
            className="text-sm font-medium text-primary-text hover:underline"
          >
            {showVotes ? t('ui.curation.hide_votes') : t('ui.curation.show_votes')}
          </Link>
        ) : null}
      </header>
      <ol className="divide-y divide-gray-200 dark:divide-gray-800" aria-label={t('ui.curation.timeline')}>
        {timeline.timeline.map((item) => (
          <TimelineRow
            key={`${item.activity_type}-${item.activity_id}`}
            item={item}
            now={now}
            previous={previousRevision(revisions, item.revision_id)}
            canRollback={timeline.can_rollback && item.revision_id !== '' && item.revision_id !== current}
            onRollback={() => setRollbackTo(item.revision_id)}
          />
        ))}
      </ol>
      <Dialog
        open={rollbackTo !== null}
        onOpenChange={(open) => (open ? undefined : setRollbackTo(null))}
        title={t('ui.curation.rollback')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setRollbackTo(null)}>
              {t('ui.dialog.cancel')}
            </Button>
            <Button loading={busy} onClick={() => void rollback()}>
              {t('ui.dialog.confirm')}
            </Button>
          </>
        }
      >
        {t('ui.curation.confirm.rollback')}
      </Dialog>
    </section>
  );
}

/** The revision applied before this one, "0" for the first. */
function previousRevision(revisions: RevisionItem[], revisionId: string): string {
  const index = revisions.findIndex((r) => r.id === revisionId);
  return index >= 0 ? (revisions[index + 1]?.id ?? '0') : '0';
}

function TimelineRow({
  item,
  now,
  previous,
  canRollback,
  onRollback,
}: {
  item: TimelineItem;
  now: number;
  previous: string;
  canRollback: boolean;
  onRollback(): void;
}) {
  const { t } = useTranslation();
  const [diff, setDiff] = useState<{
    new_revision: RevisionSnapshot | null;
    old_revision: RevisionSnapshot | null;
  } | null>(null);
  const [open, setOpen] = useState(false);

  async function toggle() {
    if (!open && !diff) {
      const detail = await http
        .get<{ new_revision: RevisionSnapshot | null; old_revision: RevisionSnapshot | null }>(
          `${API_BASE}/activity/timeline/detail`,
          { params: { new_revision_id: item.revision_id, old_revision_id: previous } },
        )
        .catch(() => null);
      setDiff(detail);
    }
    setOpen(!open);
  }

  return (
    <li className="space-y-2 py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <Badge kind={EVENT_KIND[item.activity_type] ?? 'neutral'}>{t(`ui.curation.event.${item.activity_type}`)}</Badge>
        {item.cancelled ? <Badge kind="neutral">{t('ui.curation.event.cancelled')}</Badge> : null}
        {item.object_type === 'comment' ? <Badge kind="neutral">{t('ui.curation.object_comment')}</Badge> : null}
        {item.user_info ? (
          <Link
            to={`/users/${item.user_info.username}`}
            className="flex items-center gap-1.5 font-medium hover:underline"
          >
            <Avatar src={item.user_info.avatar} name={item.user_info.display_name} size={20} />
            {item.user_info.display_name}
          </Link>
        ) : (
          <span className="text-gray-600 dark:text-gray-400">{t('ui.curation.not_available')}</span>
        )}
        <span className="text-gray-600 dark:text-gray-400">
          <RelativeTime at={item.created_at} now={now} />
        </span>
        <span className="ms-auto flex gap-3">
          {item.revision_id ? (
            <button
              type="button"
              className="font-medium text-primary-text hover:underline"
              onClick={() => void toggle()}
            >
              {open ? t('ui.curation.hide_changes') : t('ui.curation.show_changes')}
            </button>
          ) : null}
          {canRollback ? (
            <button type="button" className="font-medium text-primary-text hover:underline" onClick={onRollback}>
              {t('ui.curation.rollback')}
            </button>
          ) : null}
        </span>
      </div>
      {item.comment ? (
        item.activity_type === 'commented' ? (
          // Comment HTML is rendered and sanitised by the server's one markdown renderer.
          <div
            className="text-sm text-gray-800 dark:text-gray-200"
            dangerouslySetInnerHTML={{ __html: item.comment }}
          />
        ) : (
          <p className="text-sm break-words text-gray-800 dark:text-gray-200">{item.comment}</p>
        )
      ) : null}
      {open && diff ? <RevisionDiff before={diff.old_revision} after={diff.new_revision} /> : null}
    </li>
  );
}
