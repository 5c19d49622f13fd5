import { decisionsFor } from '../posts/decisions.js';
import { isActiveStaff, memberOf } from '../auth/actor.js';
import {
  CURATION_REASONS,
  hasPrivilege,
  isLanguage,
  OBJECT_TYPES,
  questionPath,
  REASONS,
  slugify,
  TAG_REASONS,
  TAG_STATUS,
  type EditAnswerInput,
  type EditCheckResult,
  type EditObjectType,
  type EditQuestionInput,
  type EditTagInput,
  type Paged,
  type RevisionItem,
  type RevisionSnapshot,
  type UnreviewedRevision,
  type AnswerItem,
  type Language,
  type QuestionDetail,
  type SiteSettings,
} from '@inquire/shared';
import type { Db } from '../../infra/db.js';
import type { SiteRuntime } from '../../infra/site.js';
import { nowSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { nextId } from '../../lib/ids.js';
import type { Actor } from '../auth/auth.service.js';
import { editsDirectly } from '../posts/post-policy.js';
import { isNoId, presentAnswer, presentAuthor } from '../posts/post.presenter.js';
import type { QuestionsService } from '../questions/questions.service.js';
import { reputation } from '../reputation/reputation.service.js';
import { marksOf, tagMarks } from '../posts/tags.presenter.js';
import { NO_MAIN_TAG } from '../posts/tags.repository.js';
import type { SiteinfoService } from '../siteinfo/siteinfo.service.js';
import type { MailService } from '../mail/mail.service.js';
import { recordActivity } from '../posts/record-activity.js';
import { followersOf, notifyInbox } from '../notifications/notify.js';
import { avatarUrl } from '../users/users.presenter.js';
import { usersRepository } from '../users/users.repository.js';
import { postWrites } from '../posts/post-writes.repository.js';
import {
  applyRevision,
  assertSlugFree,
  authorOf,
  currentSnapshot,
  loadTarget,
  type Target,
} from '../posts/revision-targets.js';
import { REVISION_STATUS, revisionsRepository, type RevisionRow } from '../posts/revisions.repository.js';
import { questionSnapshot, tagIdsOf, toDiffSnapshot } from '../posts/snapshots.js';

type EditMode = 'direct' | 'suggest';
/**
 * Whether this edit closes a waiting suggestion instead of waiting behind it: a direct edit by
 * the author or by staff in good standing. A pending suggestion must never lock a post
 * against the people responsible for it.
 */
function supersedes(target: Target, actor: Actor, mode: EditMode): boolean {
  return mode === 'direct' && (authorOf(target) === actor.user.id || isActiveStaff(actor));
}

const questionRef = (row: { id: string; title: string }) => ({ id: row.id, url_title: slugify(row.title) });

const member = (actor: Actor) => memberOf(actor);
const AUDIT = { 1: 'question.audit', 2: 'answer.audit', 3: 'tag.audit' } as const;

/**
 * Edits of questions, answers and tags (peer facts 3.3, 3.4): the author, staff and members
 * with `*.edit_without_review` edit directly; members with `*.edit` suggest an edit that
 * waits for review; while one waits nobody edits the object. Every applied change is a
 * revision plus an "edited" (or "rollback") timeline entry.
 */
export class RevisionsService {
  constructor(
    private readonly site: SiteRuntime,
    private readonly siteinfo: SiteinfoService,
    private readonly questions: QuestionsService,
    private readonly mail: MailService,
  ) {}

  /** revisions/edit/check: whether the caller may edit now, and whether it would wait for review. */
  async editCheck(id: string, actor: Actor): Promise<EditCheckResult> {
    const target = await loadTarget(this.site.db, id, actor);
    const mode = this.editMode(target, actor);
    if (!supersedes(target, actor, mode) && (await revisionsRepository.findUnreviewed(this.site.db, target.id))) {
      throw AppError.display(CURATION_REASONS.reviewUnderway, 'toast');
    }
    return { wait_for_review: mode === 'suggest' };
  }

  async editQuestion(input: EditQuestionInput, actor: Actor): Promise<{ url_title: string; wait_for_review: boolean }> {
    const db = this.site.db;
    const target = await loadTarget(db, input.id, actor);
    if (target.kind !== 'question') throw AppError.notFound(REASONS.questionNotFound);
    const mode = this.editMode(target, actor);
    await this.assertNoReview(target, actor, mode);
    const linked = (await postWrites.linkedTagIds(db, target.id)).map((l) => l.tag_id);
    const tags = await this.questions.resolveTags(input.tags, actor, linked);
    await this.assertReservedKept(
      target,
      tags.existing.map((t) => t.id),
      actor,
    );
    const result = await this.save(target, actor, mode, input.edit_summary, async (trx) => {
      const ids = [...new Set(await this.questions.createMissingTags(trx, tags, actor.user.id, nowSeconds()))].sort();
      return { title: input.title, content: JSON.stringify({ title: input.title, content: input.content, tags: ids }) };
    });
    return { url_title: slugify(result.applied ? input.title : target.row.title), wait_for_review: !result.applied };
  }

  async editAnswer(input: EditAnswerInput, actor: Actor): Promise<{ wait_for_review: boolean }> {
    const target = await loadTarget(this.site.db, input.id, actor);
    if (target.kind !== 'answer') throw AppError.notFound(REASONS.answerNotFound);
    const mode = this.editMode(target, actor);
    await this.assertNoReview(target, actor, mode);
    const result = await this.save(target, actor, mode, input.edit_summary, async () => ({
      title: '',
      content: JSON.stringify({ content: input.content }),
    }));
    return { wait_for_review: !result.applied };
  }

  async editTag(input: EditTagInput, actor: Actor): Promise<{ wait_for_review: boolean }> {
    const target = await loadTarget(this.site.db, input.tag_id, actor);
    if (target.kind !== 'tag') throw AppError.notFound(CURATION_REASONS.tagNotFound);
    const mode = this.editMode(target, actor);
    await this.assertNoReview(target, actor, mode);
    const content = JSON.stringify({
      slug_name: input.slug_name.toLowerCase().replace(/\s+/g, '-'),
      display_name: input.display_name,
      original_text: input.original_text,
    });
    await assertSlugFree(this.site.db, target, content);
    const result = await this.save(target, actor, mode, input.edit_summary, async () => ({
      title: input.display_name,
      content,
    }));
    return { wait_for_review: !result.applied };
  }

  /** answer/info: one answer and its question, for the answer edit screen. */
  async answerInfo(id: string, actor: Actor | null): Promise<{ info: AnswerItem; question: QuestionDetail }> {
    const target = await loadTarget(this.site.db, id, actor);
    if (target.kind !== 'answer') throw AppError.notFound(REASONS.answerNotFound);
    const editorId = isNoId(target.row.last_edit_user_id) ? '' : target.row.last_edit_user_id;
    const [question, authors, { site_users: users }, decided] = await Promise.all([
      this.questions.info(target.questionId, actor),
      usersRepository.authors(this.site.db, [target.row.user_id, ...(editorId ? [editorId] : [])]),
      this.siteinfo.settings(),
      decisionsFor(this.site.db, actor, [target.row]),
    ]);
    const author = authors.find((a) => a.id === target.row.user_id);
    if (!author) throw AppError.notFound(REASONS.answerNotFound);
    const editor = authors.find((a) => a.id === editorId);
    const info = presentAnswer(
      target.row,
      presentAuthor(author, users),
      target.question,
      actor,
      0,
      editor ? presentAuthor(editor, users) : null,
    );
    // The decision that deleted it, for its author and staff.
    return { info: { ...info, decision: decided.get(target.row.id) ?? null }, question };
  }

  /** GET revisions?object_id=: the applied revisions of an object the caller may see, newest first. */
  async history(objectId: string, actor: Actor): Promise<RevisionItem[]> {
    const db = this.site.db;
    const target = await loadTarget(db, objectId, actor);
    return this.present(await revisionsRepository.history(db, target.id));
  }

  /** activity/timeline/detail: two revisions of one object for a diff; "0" names none. */
  async detail(
    newId: string,
    oldId: string,
    actor: Actor,
  ): Promise<{ new_revision: RevisionSnapshot | null; old_revision: RevisionSnapshot | null }> {
    const [fresh, old] = await Promise.all([this.visibleRevision(newId, actor), this.visibleRevision(oldId, actor)]);
    if (fresh && old && fresh.object_id !== old.object_id) throw AppError.notFound(CURATION_REASONS.revisionNotFound);
    const [a, b] = await this.present([fresh, old].filter((r): r is RevisionRow => r !== null));
    return {
      new_revision: fresh ? (a?.content ?? null) : null,
      old_revision: old ? ((fresh ? b : a)?.content ?? null) : null,
    };
  }

  /**
   * revisions/unreviewed: suggested edits the caller may review, one per page (peer facts 0.3);
   * with `objectType`, only those of that type (the review types question, answer and tag edit).
   */
  async unreviewed(page: number, actor: Actor, objectType?: EditObjectType): Promise<Paged<UnreviewedRevision>> {
    const db = this.site.db;
    const types = this.auditTypes(actor).filter((type) => !objectType || type === OBJECT_TYPES[objectType]);
    if (types.length === 0) throw AppError.forbidden(REASONS.rankTooLow);
    const { count, list } = await revisionsRepository.unreviewedPage(db, types, actor.user.id, page, 1);
    const items: UnreviewedRevision[] = [];
    for (const row of list) {
      // A post the reviewer may no longer see (deleted meanwhile) is left out, not a 404 of the queue.
      const target = await loadTarget(db, row.object_id, actor).catch(() => null);
      if (!target) continue;
      const current = await currentSnapshot(db, target);
      const [suggested] = await this.present([row]);
      const [info] = await this.presentSnapshots([{ object_type: row.object_type, content: current }]);
      if (!suggested || !info) continue;
      items.push({
        type: target.kind,
        info: { ...info, object_id: target.id, question_id: target.questionId },
        unreviewed_info: suggested,
      });
    }
    return { count, list: items };
  }

  /**
   * PUT revisions/audit: approving applies the suggested edit, records it as "edited" by
   * its suggester and gives them +2 reputation (once per revision); rejecting only marks it.
   */
  async audit(id: string, operation: 'approve' | 'reject', actor: Actor): Promise<void> {
    const db = this.site.db;
    const revision = await revisionsRepository.findById(db, id);
    if (!revision) throw AppError.notFound(CURATION_REASONS.revisionNotFound);
    if (!this.auditTypes(actor).includes(revision.object_type)) throw AppError.forbidden(REASONS.rankTooLow);
    if (revision.status !== REVISION_STATUS.unreviewed) throw AppError.badRequest(CURATION_REASONS.revisionNotPending);
    // A second pair of eyes is the point of review, and approval pays reputation: never one's own.
    if (revision.user_id === actor.user.id) throw AppError.forbidden(CURATION_REASONS.operationForbidden);
    const target = await loadTarget(db, revision.object_id, actor);
    const now = nowSeconds();
    if (operation === 'reject') {
      if (!(await revisionsRepository.review(db, id, REVISION_STATUS.rejected, actor.user.id, now))) {
        throw AppError.badRequest(CURATION_REASONS.revisionNotPending);
      }
      return;
    }
    if (target.kind !== 'tag' && target.row.status === 10) throw AppError.badRequest(this.cannotUpdate(target));
    await assertSlugFree(db, target, revision.content);
    await this.assertSnapshotTags(target, revision.content, actor);
    await db.transaction().execute(async (trx) => {
      if (!(await revisionsRepository.review(trx, id, REVISION_STATUS.approved, actor.user.id, now))) {
        throw AppError.badRequest(CURATION_REASONS.revisionNotPending);
      }
      await applyRevision(trx, target, revision, revision.user_id, now);
      await tellEdited(trx, target, revision.user_id, now);
      await recordActivity(trx, {
        userId: revision.user_id,
        triggerUserId: actor.user.id,
        objectId: target.id,
        originalObjectId: target.id,
        type: `${target.kind}.edited`,
        revisionId: revision.id,
        comment: revision.log,
        now,
      });
      await reputation.grant(trx, {
        userId: revision.user_id,
        triggerUserId: actor.user.id,
        // One grant per revision; the question (or tag) names it on the reputation page.
        objectId: revision.id,
        originalObjectId: target.questionId || target.id,
        event: 'edit.accepted',
      });
    });
  }

  /**
   * Rolls an object back to one of its earlier revisions: a new revision with that content,
   * applied at once and shown as "rollback". Who may edit directly may roll back.
   */
  async rollback(revisionId: string, summary: string, actor: Actor): Promise<void> {
    const db = this.site.db;
    const old = await revisionsRepository.findById(db, revisionId);
    if (!old || (old.status !== REVISION_STATUS.normal && old.status !== REVISION_STATUS.approved)) {
      throw AppError.notFound(CURATION_REASONS.revisionNotFound);
    }
    const target = await loadTarget(db, old.object_id, actor);
    if (!this.canRollback(target, actor)) throw AppError.forbidden(CURATION_REASONS.operationForbidden);
    await this.assertNoReview(target, actor, 'direct');
    if (target.row.revision_id === old.id) return;
    await assertSlugFree(db, target, old.content);
    await this.assertSnapshotTags(target, old.content, actor);
    const now = nowSeconds();
    // Read before the transaction: inside it, SQLite's one connection belongs to `trx`.
    const settings = await this.siteinfo.settings();
    await db.transaction().execute(async (trx) => {
      const id = await nextId(trx, 'revision');
      await revisionsRepository.insert(trx, {
        id,
        user_id: actor.user.id,
        object_type: old.object_type,
        object_id: target.id,
        title: old.title,
        content: old.content,
        log: summary,
        created_at: now,
        updated_at: now,
      });
      const outdated = await revisionsRepository.outdateUnreviewed(trx, target.id, actor.user.id, now);
      await applyRevision(trx, target, { id, content: old.content }, actor.user.id, now);
      await this.tellOutdated(trx, settings, target, outdated);
      await recordActivity(trx, {
        userId: actor.user.id,
        objectId: target.id,
        originalObjectId: target.id,
        type: `${target.kind}.rollback`,
        revisionId: id,
        comment: summary,
        now,
      });
    });
  }

  /** Whether the caller may roll the object back (the timeline shows the control by this). */
  canRollback(target: Target, actor: Actor | null): boolean {
    if (!actor || actor.user.mail_status !== 1) return false;
    if (target.kind !== 'tag' && target.row.status === 10) return false;
    return editsDirectly(actor, target.kind === 'tag' ? null : target.row, target.kind);
  }

  private editMode(target: Target, actor: Actor): EditMode {
    if (target.kind !== 'tag' && target.row.status === 10) throw AppError.badRequest(this.cannotUpdate(target));
    if (editsDirectly(actor, target.kind === 'tag' ? null : target.row, target.kind)) return 'direct';
    if (hasPrivilege(member(actor), `${target.kind}.edit`)) return 'suggest';
    throw AppError.forbidden(REASONS.rankTooLow);
  }

  private cannotUpdate(target: Target): string {
    return target.kind === 'answer' ? CURATION_REASONS.answerCannotUpdate : CURATION_REASONS.questionCannotUpdate;
  }

  /** While a suggestion waits, nobody but the author and staff edits (their edit supersedes it). */
  private async assertNoReview(target: Target, actor: Actor, mode: EditMode): Promise<void> {
    if (supersedes(target, actor, mode)) return;
    if (await revisionsRepository.findUnreviewed(this.site.db, target.id)) {
      throw AppError.badRequest(target.kind === 'tag' ? CURATION_REASONS.reviewUnderway : this.cannotUpdate(target));
    }
  }

  /**
   * Members who are not staff can neither take a reserved tag off a question nor put one on
   * (peer facts 7); reserved means the site's reserved list or the tag's own flag.
   */
  private async assertReservedKept(target: Target, next: string[], actor: Actor): Promise<void> {
    if (isActiveStaff(actor)) return;
    const db = this.site.db;
    const linked = (await postWrites.linkedTagIds(db, target.id)).map((l) => l.tag_id);
    const marks = tagMarks((await this.siteinfo.settings()).site_write);
    const involved = await postWrites.tagsByIds(db, [...new Set([...linked, ...next])]);
    const reserved = new Set(involved.filter((t) => marksOf({ ...t, recommend: 0 }, marks).reserved).map((t) => t.id));
    const removed = linked.some((id) => reserved.has(id) && !next.includes(id));
    const added = next.some((id) => reserved.has(id) && !linked.includes(id));
    if (removed || added) throw AppError.fields([{ field: 'tags', key: REASONS.tagReserved }], REASONS.tagReserved);
  }

  /**
   * A stored snapshot (rollback, approval) goes through the rules a fresh edit meets: its tags
   * must still be live main tags, and the reserved-tag rule holds for the one applying it.
   */
  private async assertSnapshotTags(target: Target, content: string, actor: Actor): Promise<void> {
    if (target.kind !== 'question') return;
    const ids = questionSnapshot(content).tags;
    const tags = await postWrites.tagsByIds(this.site.db, ids);
    const live = tags.filter((t) => t.status === TAG_STATUS.normal && t.main_tag_id === NO_MAIN_TAG);
    if (live.length !== new Set(ids).size) {
      throw AppError.fields([{ field: 'tags', key: TAG_REASONS.deleted }], TAG_REASONS.deleted);
    }
    await this.assertReservedKept(target, ids, actor);
  }

  /**
   * Stores an edit as a revision: applied at once (with an "edited" entry) or left waiting
   * for review. Submitting what is already there changes nothing.
   */
  private async save(
    target: Target,
    actor: Actor,
    mode: EditMode,
    summary: string,
    build: (trx: Db) => Promise<{ title: string; content: string }>,
  ): Promise<{ applied: boolean }> {
    const db = this.site.db;
    const current = await currentSnapshot(db, target);
    const now = nowSeconds();
    // Read before the transaction: inside it, SQLite's one connection belongs to `trx`.
    const settings = await this.siteinfo.settings();
    return db.transaction().execute(async (trx) => {
      const next = await build(trx);
      if (next.content === current) return { applied: true };
      const id = await nextId(trx, 'revision');
      await revisionsRepository.insert(trx, {
        id,
        user_id: actor.user.id,
        object_type: target.objectType,
        object_id: target.id,
        title: next.title,
        content: next.content,
        log: summary,
        status: mode === 'direct' ? REVISION_STATUS.normal : REVISION_STATUS.unreviewed,
        created_at: now,
        updated_at: now,
      });
      if (mode === 'suggest') return { applied: false };
      const outdated = await revisionsRepository.outdateUnreviewed(trx, target.id, actor.user.id, now);
      await applyRevision(trx, target, { id, content: next.content }, actor.user.id, now);
      await this.tellOutdated(trx, settings, target, outdated);
      await tellEdited(trx, target, actor.user.id, now);
      await recordActivity(trx, {
        userId: actor.user.id,
        objectId: target.id,
        originalObjectId: target.id,
        type: `${target.kind}.edited`,
        revisionId: id,
        comment: summary,
        now,
      });
      return { applied: true };
    });
  }

  /**
   * Tells each member whose suggestion an edit closed, by email in their language, in the
   * transaction of the edit (the outbox keeps it through an SMTP outage).
   */
  private async tellOutdated(
    trx: Db,
    settings: SiteSettings,
    target: Target,
    outdated: Array<{ user_id: string }>,
  ): Promise<void> {
    if (outdated.length === 0) return;
    const base = settings.general.site_url.replace(/\/+$/, '');
    const path =
      target.kind === 'tag'
        ? `/tags/${encodeURIComponent(target.row.slug_name)}/info`
        : questionPath(
            questionRef(target.kind === 'question' ? target.row : target.question),
            settings.site_seo.permalink,
            target.kind === 'answer' ? target.id : undefined,
          );
    for (const userId of new Set(outdated.map((row) => row.user_id))) {
      const user = await usersRepository.findById(trx, userId);
      if (!user || !user.e_mail) continue;
      const lang: Language = isLanguage(user.language) ? user.language : settings.interface.language;
      const email = this.mail.render(lang, 'edit_outdated', user.e_mail, {
        site: settings.general.name,
        name: user.display_name,
        link: `${base}${path}`,
      });
      await this.mail.enqueue(trx, email);
    }
  }

  private auditTypes(actor: Actor): number[] {
    return ([1, 2, 3] as const).filter((type) => hasPrivilege(member(actor), AUDIT[type]));
  }

  /** A revision the caller may read: of an object they may see; suggested or rejected ones only for their author and reviewers. */
  private async visibleRevision(id: string, actor: Actor): Promise<RevisionRow | null> {
    if (!id || id === '0') return null;
    const revision = await revisionsRepository.findById(this.site.db, id);
    if (!revision) throw AppError.notFound(CURATION_REASONS.revisionNotFound);
    await loadTarget(this.site.db, revision.object_id, actor);
    const applied = revision.status === REVISION_STATUS.normal || revision.status === REVISION_STATUS.approved;
    if (!applied && revision.user_id !== actor.user.id && !this.auditTypes(actor).includes(revision.object_type)) {
      throw AppError.notFound(CURATION_REASONS.revisionNotFound);
    }
    return revision;
  }

  private async presentSnapshots(rows: { object_type: number; content: string }[]): Promise<RevisionSnapshot[]> {
    const tags = await postWrites.tagsByIds(this.site.db, tagIdsOf(rows));
    const slugs = new Map(tags.map((t) => [t.id, t.slug_name]));
    return rows.map((row) => toDiffSnapshot(row.object_type, row.content, slugs));
  }

  private async present(rows: RevisionRow[]): Promise<RevisionItem[]> {
    const db = this.site.db;
    const [snapshots, authors, { site_users: users }] = await Promise.all([
      this.presentSnapshots(rows),
      usersRepository.authors(
        db,
        rows.map((r) => r.user_id),
      ),
      this.siteinfo.settings(),
    ]);
    const byId = new Map(authors.map((a) => [a.id, a]));
    return rows.map((row, i) => {
      const author = byId.get(row.user_id);
      return {
        id: row.id,
        object_id: row.object_id,
        status: row.status,
        reason: row.log,
        created_at: row.created_at,
        content: snapshots[i] as RevisionSnapshot,
        user_info: {
          username: author?.username ?? '',
          display_name: author?.display_name ?? '',
          avatar: author ? avatarUrl(author, users) : '',
        },
      };
    });
  }
}

/**
 * An applied edit of a question or answer (direct, or a suggestion approved) tells the post's
 * author, the asker and the question's followers, never the editor (peer facts 4.1; the peer
 * defines "question edited" and never sends it). Tags tell nobody.
 */
async function tellEdited(trx: Db, target: Target, editorId: string, now: number): Promise<void> {
  if (target.kind === 'tag') return;
  const followers = await followersOf(trx, target.questionId);
  if (target.kind === 'question') {
    await notifyInbox(trx, {
      action: 'update_question',
      actorId: editorId,
      receivers: [target.row.user_id, ...followers],
      questionId: target.id,
      now,
    });
    return;
  }
  await notifyInbox(trx, {
    action: 'update_answer',
    actorId: editorId,
    receivers: [target.row.user_id, target.question.user_id, ...followers],
    questionId: target.questionId,
    answerId: target.id,
    now,
  });
}
