import { heldPosts } from '../posts/held-posts.repository.js';
import { NO_ORIGIN, postOriginsRepository, type PostOrigin } from '../posts/post-origins.repository.js';
import { PostReviewer } from '../posts/post-reviewer.js';
import { decisions } from '../posts/decisions.js';
import { holds, isActive, isActiveStaff } from '../auth/actor.js';
import { COMMENT_STATUS, objectTypeOf, REASONS, type CommentItem, type Paged } from '@inquire/shared';
import type { SiteRuntime } from '../../infra/site.js';
import { DUPLICATE_WINDOW_SECONDS, nowSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { nextId } from '../../lib/ids.js';
import { renderInline } from '../../lib/markdown.js';
import type { Actor } from '../auth/auth.service.js';
import { loadLivePost, loadReadablePost, type LivePost } from '../posts/visibility.js';
import type { SiteinfoService } from '../siteinfo/siteinfo.service.js';
import { avatarUrl, statusWord } from '../users/users.presenter.js';
import { commentMemberActions } from '../posts/member-actions.js';
import { votesRepository } from '../posts/votes.repository.js';
import { commentsRepository, type CommentRow } from '../posts/comments.repository.js';

type CommentWithAuthor = Awaited<ReturnType<typeof commentsRepository.page>>['list'][number];

/** A post whose comments a reader may read (loaded through the visibility rules). */
export interface ReadablePost {
  id: string;
}
import { linkedMentions } from './mentions.js';
import { notifyInbox } from '../notifications/notify.js';
import { tellOfComment } from './comment-notice.js';

/** Authors edit their comments for 5 minutes (peer facts 6.6); staff at any time. */
export const COMMENT_EDIT_WINDOW_SECONDS = 5 * 60;

export function canEditComment(
  actor: Actor | null,
  comment: Pick<CommentRow, 'user_id' | 'created_at'>,
  now: number,
): boolean {
  if (!actor || !isActive(actor)) return false;
  if (isActiveStaff(actor)) return true;
  return actor.user.id === comment.user_id && now - comment.created_at <= COMMENT_EDIT_WINDOW_SECONDS;
}

export function canDeleteComment(actor: Actor | null, comment: Pick<CommentRow, 'user_id'>): boolean {
  return actor !== null && isActive(actor) && (actor.user.id === comment.user_id || isActiveStaff(actor));
}

/** Members upvote others' comments with the comment vote privilege (peer facts 2.2). */
export function canVoteComment(actor: Actor | null, comment: Pick<CommentRow, 'user_id'>): boolean {
  return actor !== null && holds(actor, 'comment.vote_up') && actor.user.id !== comment.user_id;
}

export class CommentsService {
  constructor(
    private readonly site: SiteRuntime,
    private readonly siteinfo: SiteinfoService,
    private readonly reviewer: PostReviewer = new PostReviewer(siteinfo),
  ) {}

  async page(objectId: string, actor: Actor | null, page: number, pageSize: number): Promise<Paged<CommentItem>> {
    await loadReadablePost(this.site.db, objectId, actor);
    const { count, list } = await commentsRepository.page(this.site.db, objectId, page, pageSize, actor?.user.id);
    return { count, list: await this.present(list, actor) };
  }

  /** One comment as comment/page lists it (the reply to POST comment). */
  async item(commentId: string, actor: Actor | null): Promise<CommentItem> {
    const row = await commentsRepository.withAuthorsById(this.site.db, commentId, actor?.user.id ?? '');
    if (!row) throw AppError.notFound(REASONS.commentNotFound);
    const [item] = await this.present([row], actor);
    if (!item) throw AppError.notFound(REASONS.commentNotFound);
    return item;
  }

  /**
   * The first page of comments of each post of a page, in two queries whatever the number of
   * posts. The caller passes posts it loaded through the visibility rules for this actor.
   */
  async firstPagesOf(
    posts: readonly ReadablePost[],
    actor: Actor | null,
    pageSize: number,
  ): Promise<Record<string, Paged<CommentItem>>> {
    const rows = await commentsRepository.firstPages(
      this.site.db,
      posts.map((p) => p.id),
      pageSize,
      actor?.user.id,
    );
    const votes = new Map(rows.map((row) => [row.id, row.viewer_vote ?? 0]));
    const items = await this.present(rows, actor, votes);
    const pages: Record<string, Paged<CommentItem>> = {};
    for (const post of posts) pages[post.id] = { count: 0, list: [] };
    rows.forEach((row, i) => {
      const page = pages[row.object_id];
      const item = items[i];
      if (!page || !item) return;
      page.count = Number(row.post_count);
      page.list.push(item);
    });
    return pages;
  }

  /**
   * Comments as readers see them, with the caller's votes (read here unless the comments came
   * with them: `knownVotes`) and what the caller may do.
   */
  private async present(
    list: readonly CommentWithAuthor[],
    actor: Actor | null,
    knownVotes?: ReadonlyMap<string, number>,
  ): Promise<CommentItem[]> {
    const [{ site_users: users }, myVotes] = await Promise.all([
      this.siteinfo.settings(),
      knownVotes ??
        votesRepository.mine(
          this.site.db,
          actor?.user.id ?? '',
          list.map((c) => c.id),
        ),
    ]);
    const now = nowSeconds();
    return list.map((c) => {
      const actions = {
        edit: canEditComment(actor, c, now),
        delete: canDeleteComment(actor, c),
        vote_up: canVoteComment(actor, c),
      };
      return {
        comment_id: c.id,
        object_id: c.object_id,
        created_at: c.created_at,
        original_text: c.original_text,
        parsed_text: c.parsed_text,
        vote_count: c.vote_count,
        user_id: c.user_id,
        username: c.username,
        user_display_name: c.display_name,
        user_avatar: avatarUrl({ avatar: c.avatar, e_mail: c.e_mail, status: c.author_status }, users),
        reply_comment_id: c.reply_comment_id,
        reply_username: c.reply_username ?? '',
        reply_user_display_name: c.reply_display_name ?? '',
        is_vote: myVotes.get(c.id) === 1,
        actions,
        user_status: statusWord(
          { status: c.author_status, suspended_until: c.author_suspended_until, mail_status: c.author_mail_status },
          now,
        ),
        reply_user_id: c.reply_user_id,
        reply_user_status:
          c.reply_status === null
            ? ('' as const)
            : statusWord(
                {
                  status: c.reply_status,
                  suspended_until: c.reply_suspended_until ?? 0,
                  mail_status: c.reply_mail_status ?? 1,
                },
                now,
              ),
        member_actions: commentMemberActions(actions, isActive(actor)),
        // Only its author is shown a held comment: marked so the page can say it waits for review.
        ...(c.status === COMMENT_STATUS.pending ? { pending: true as const } : {}),
      };
    });
  }

  async create(
    input: { object_id: string; original_text: string; reply_comment_id: string },
    actor: Actor,
    origin: PostOrigin = NO_ORIGIN,
  ): Promise<{ comment_id: string }> {
    const db = this.site.db;
    const post = await this.visiblePost(input.object_id, actor);
    const replyTo = input.reply_comment_id ? await commentsRepository.findLive(db, input.reply_comment_id) : undefined;
    if (input.reply_comment_id && (!replyTo || replyTo.object_id !== input.object_id))
      throw AppError.notFound(REASONS.commentNotFound);
    const now = nowSeconds();
    if (
      await commentsRepository.findDuplicate(
        db,
        input.object_id,
        actor.user.id,
        input.original_text,
        now - DUPLICATE_WINDOW_SECONDS,
      )
    ) {
      throw AppError.badRequest(REASONS.duplicateRequest);
    }
    const linked = await this.link(input.original_text);
    const verdict = await this.reviewer.review(actor, {
      object_type: 'comment',
      title: '',
      content: input.original_text,
      tags: [],
      ip: origin.ip,
      user_agent: origin.userAgent,
      language: '',
    });
    const id = await db.transaction().execute(async (trx) => {
      const commentId = await nextId(trx, 'comment');
      await commentsRepository.insert(trx, {
        id: commentId,
        user_id: actor.user.id,
        object_id: input.object_id,
        question_id: post.questionId,
        reply_comment_id: replyTo?.id ?? '',
        reply_user_id: replyTo?.user_id ?? '',
        original_text: input.original_text,
        parsed_text: renderInline(linked),
        created_at: now,
        updated_at: now,
      });
      await postOriginsRepository.record(trx, commentId, origin, now);
      const held = { kind: 'comment' as const, id: commentId, authorId: actor.user.id, questionId: post.questionId };
      // A held comment is told to nobody until it is approved.
      if (await heldPosts.applyVerdict(trx, held, verdict, now)) return commentId;
      await tellOfComment(
        trx,
        {
          id: commentId,
          authorId: actor.user.id,
          questionId: post.questionId,
          post: { kind: post.kind, id: post.id, authorId: post.authorId },
          replyUserId: replyTo?.user_id ?? '',
          linkedText: linked,
        },
        now,
      );
      return commentId;
    });
    return { comment_id: id };
  }

  async edit(commentId: string, text: string, actor: Actor): Promise<void> {
    const db = this.site.db;
    const comment = await commentsRepository.findLive(db, commentId);
    if (!comment) throw AppError.notFound(REASONS.commentNotFound);
    await this.visiblePost(comment.object_id, actor);
    const now = nowSeconds();
    if (!canEditComment(actor, comment, now)) {
      throw AppError.forbidden(actor.user.id === comment.user_id ? REASONS.commentEditExpired : REASONS.forbidden);
    }
    await commentsRepository.update(db, commentId, text, await this.render(text), now);
  }

  async remove(commentId: string, actor: Actor, reason?: { type: number; msg: string }): Promise<void> {
    const db = this.site.db;
    const comment = await commentsRepository.findLive(db, commentId);
    if (!comment) throw AppError.notFound(REASONS.commentNotFound);
    if (!canDeleteComment(actor, comment)) throw AppError.forbidden();
    const now = nowSeconds();
    await db.transaction().execute(async (trx) => {
      await commentsRepository.remove(trx, commentId, now);
      // Its open flags close with it; someone else's removal is a decision its author may read.
      await decisions.completeFlags(trx, [commentId], actor.user.id, now);
      if (comment.user_id !== actor.user.id) {
        const decision = {
          objectId: commentId,
          userId: comment.user_id,
          actorId: actor.user.id,
          action: 'delete' as const,
        };
        await decisions.record(trx, { ...decision, reasonType: reason?.type, reasonMsg: reason?.msg, now });
      }
      // The peer defines this one and never sends it: a comment removed by someone else (staff).
      const post = objectTypeOf(comment.object_id) === 'answer' ? comment.object_id : undefined;
      await notifyInbox(trx, {
        action: 'your_comment_was_deleted',
        actorId: actor.user.id,
        receivers: [comment.user_id],
        questionId: comment.question_id,
        answerId: post,
        commentId,
        now,
      });
    });
  }

  /** The comment subset of markdown, with real members' @mentions linked to their profiles. */
  private async render(text: string): Promise<string> {
    return renderInline(await this.link(text));
  }

  private link(text: string): Promise<string> {
    return linkedMentions(this.site.db, text);
  }

  /** Comments hang off a question or an answer the caller may see; deleted posts take none. */
  private visiblePost(objectId: string, actor: Actor | null): Promise<LivePost> {
    return loadLivePost(this.site.db, objectId, actor);
  }
}
