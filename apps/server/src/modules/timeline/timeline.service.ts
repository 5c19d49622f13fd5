import { isActiveAdmin, isActiveStaff } from '../auth/actor.js';
import { slugify, type TimelineData, type TimelineEvent, type TimelineItem } from '@inquire/shared';
import type { SiteRuntime } from '../../infra/site.js';
import type { Actor } from '../auth/auth.service.js';
import { answersRepository } from '../posts/answers.repository.js';
import { canSeePost } from '../posts/visibility.js';
import { loadTarget, type Target } from '../posts/revision-targets.js';
import type { RevisionsService } from '../revisions/revisions.service.js';
import { revisionsRepository } from '../posts/revisions.repository.js';
import type { SiteinfoService } from '../siteinfo/siteinfo.service.js';
import { avatarUrl } from '../users/users.presenter.js';
import { usersRepository } from '../users/users.repository.js';
import { timelineRepository, type ActivityRow } from './timeline.repository.js';

/** Stored activity types → the spec's timeline event types (section 3). */
const EVENTS: Record<string, TimelineEvent> = {
  asked: 'asked',
  answered: 'answered',
  created: 'created',
  edited: 'edited',
  rollback: 'rollback',
  closed: 'closed',
  reopened: 'reopened',
  deleted: 'deleted',
  undeleted: 'undeleted',
  pin: 'pin',
  unpin: 'unpin',
  show: 'show',
  hide: 'hide',
  accept: 'accept',
  voted_up: 'upvote',
  voted_down: 'downvote',
  flag_ignored: 'flag_ignored',
  approved: 'approved',
  rejected: 'rejected',
  appeal_granted: 'appeal_granted',
  appeal_denied: 'appeal_denied',
};

/**
 * Moderation entries (flags, held posts, appeals; `moderation-timeline.ts`): staff only, as
 * flags and queues are. A comment's entries show on the timeline of the post it hangs off.
 */
const MODERATION = new Set<TimelineEvent>(['flag_ignored', 'approved', 'rejected', 'appeal_granted', 'appeal_denied']);

/** Events whose actor is the member who caused them (a voter, an accepter), not the row's receiver. */
const TRIGGERED = new Set(['voted_up', 'voted_down', 'accept']);

interface Entry {
  row: ActivityRow;
  event: TimelineEvent;
  actorId: string;
}

/**
 * Timelines of questions, answers and tags (peer facts 3.2): who did what and when, with
 * the edit summary or close message, newest first. Votes show only to staff who ask for
 * them, and a downvote's voter only to admins.
 */
export class TimelineService {
  constructor(
    private readonly site: SiteRuntime,
    private readonly siteinfo: SiteinfoService,
    private readonly revisions: RevisionsService,
  ) {}

  async timeline(objectId: string, showVotes: boolean, actor: Actor): Promise<TimelineData> {
    const db = this.site.db;
    const target = await loadTarget(db, objectId, actor);
    const canShowVotes = isActiveStaff(actor);
    const [rows, comments] = await Promise.all([
      timelineRepository.activitiesOf(db, target.id),
      target.kind === 'tag' ? Promise.resolve([]) : timelineRepository.commentsOn(db, target.id),
    ]);
    const entries = await this.visibleToReader(
      rows.flatMap((row) => this.entryOf(row, target, showVotes && canShowVotes, canShowVotes)),
      target,
      actor,
    );
    // Creation rows written before revisions were linked point at the object's first revision.
    const first = (await revisionsRepository.history(db, target.id)).at(-1)?.id ?? '';
    for (const entry of entries) {
      if (!entry.row.revision_id && ['asked', 'created'].includes(entry.event)) entry.row.revision_id = first;
      if (!entry.row.revision_id && entry.event === 'answered' && target.kind === 'answer')
        entry.row.revision_id = first;
    }
    const people = await usersRepository.authors(db, [
      ...entries.map((e) => e.actorId),
      ...comments.map((c) => c.user_id),
    ]);
    const { site_users: users } = await this.siteinfo.settings();
    const userInfo = (id: string) => {
      const person = people.find((p) => p.id === id);
      return person
        ? { username: person.username, display_name: person.display_name, avatar: avatarUrl(person, users) }
        : null;
    };
    const admin = isActiveAdmin(actor);
    const items: TimelineItem[] = [
      ...entries.map(({ row, event, actorId }) => ({
        activity_id: row.id,
        revision_id: row.revision_id,
        created_at: row.created_at,
        activity_type: event,
        comment: row.comment,
        object_id: row.object_id,
        object_type: kindOf(row.activity_type),
        cancelled: row.cancelled === 1,
        cancelled_at: row.cancelled === 1 ? row.updated_at : 0,
        user_info: event === 'downvote' && !admin ? null : userInfo(actorId),
      })),
      ...comments.map((c) => ({
        activity_id: c.id,
        revision_id: '',
        created_at: c.created_at,
        activity_type: 'commented' as const,
        comment: c.parsed_text,
        object_id: c.object_id,
        object_type: target.kind,
        cancelled: false,
        cancelled_at: 0,
        user_info: userInfo(c.user_id),
      })),
    ];
    items.sort((a, b) => b.created_at - a.created_at || b.activity_id.localeCompare(a.activity_id));
    return {
      object_info: { ...objectInfo(target), ...(await this.authorOf(target)) },
      timeline: items,
      can_rollback: this.revisions.canRollback(target, actor),
      can_show_votes: canShowVotes,
    };
  }

  /** Who wrote the post (Answer's object_info names them); a tag has no author. */
  private async authorOf(target: Target): Promise<{ username: string; display_name: string }> {
    if (target.kind === 'tag') return { username: '', display_name: '' };
    const [author] = await usersRepository.authors(this.site.db, [target.row.user_id]);
    return { username: author?.username ?? '', display_name: author?.display_name ?? '' };
  }

  /** A question's timeline names its answers: only those the reader may see (not deleted or pending ones). */
  private async visibleToReader(entries: Entry[], target: Target, actor: Actor): Promise<Entry[]> {
    const ofAnswer = (e: Entry) => e.row.object_id !== target.id && kindOf(e.row.activity_type) === 'answer';
    const answerIds = [...new Set(entries.filter(ofAnswer).map((e) => e.row.object_id))];
    const visible = new Set<string>();
    for (const id of answerIds) {
      const answer = await answersRepository.findById(this.site.db, id);
      if (answer && canSeePost(actor, answer)) visible.add(id);
    }
    // A comment's entries are staff-only moderation entries (entryOf), kept whatever the comment's state.
    return entries.filter((e) => !ofAnswer(e) || visible.has(e.row.object_id));
  }

  /** Which stored rows a timeline shows, and as what. */
  private entryOf(row: ActivityRow, target: Target, votes: boolean, staff: boolean): Entry[] {
    const [kind, action = ''] = row.activity_type.split('.');
    const event = EVENTS[action];
    if (!event) return [];
    if ((event === 'upvote' || event === 'downvote') && !votes) return [];
    if (MODERATION.has(event) && !staff) return [];
    if (kind === 'comment') {
      const mine = MODERATION.has(event) && row.original_object_id === target.id;
      return mine ? [{ row, event, actorId: row.user_id }] : [];
    }
    const actorId = TRIGGERED.has(action) ? row.trigger_user_id : row.user_id;
    if (row.object_id === target.id && kind === target.kind) return [{ row, event, actorId }];
    // A question's timeline also shows its answers being posted and accepted.
    if (target.kind === 'question' && kind === 'answer' && (action === 'answered' || action === 'accept')) {
      return [{ row, event, actorId }];
    }
    return [];
  }
}

function kindOf(type: string): TimelineItem['object_type'] {
  const kind = type.split('.')[0];
  return kind === 'answer' || kind === 'tag' || kind === 'comment' ? kind : 'question';
}

function objectInfo(target: Target): Omit<TimelineData['object_info'], 'username' | 'display_name'> {
  if (target.kind === 'tag') {
    return {
      title: target.row.display_name,
      object_type: 'tag',
      question_id: '',
      answer_id: '',
      url_title: '',
      slug_name: target.row.slug_name,
      main_tag_slug_name: target.row.slug_name,
    };
  }
  const question = target.kind === 'question' ? target.row : target.question;
  return {
    title: question.title,
    object_type: target.kind,
    question_id: question.id,
    answer_id: target.kind === 'answer' ? target.id : '',
    url_title: slugify(question.title),
    slug_name: '',
    main_tag_slug_name: '',
  };
}
