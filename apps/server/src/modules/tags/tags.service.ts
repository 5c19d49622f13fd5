import { isActiveStaff } from '../auth/actor.js';
import {
  normalizeTagSlug,
  REASONS,
  TAG_REASONS,
  TAG_STATUS,
  type Paged,
  type TagBrief,
  type TagDetail,
  type TagListItem,
  type TagPageQuery,
  type TagSynonyms,
  type createTagSchema,
  type tagSynonymsSchema,
} from '@inquire/shared';
import type { z } from 'zod';
import type { SiteRuntime } from '../../infra/site.js';
import { nowSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { renderMarkdown } from '../../lib/markdown.js';
import type { Actor } from '../auth/auth.service.js';
import type { SiteinfoService } from '../siteinfo/siteinfo.service.js';
import { insertTagWithHistory, recordTagActivity } from '../posts/tag-history.js';
import { canCreateTag, canManageSynonyms, canSeeTag } from '../posts/tag-policy.js';
import { synonymMemberActions } from '../posts/member-actions.js';
import { presentTagBrief, presentTagDetail, presentTagItem, tagMarks, type TagMarks } from '../posts/tags.presenter.js';
import { NO_MAIN_TAG, tagsRepository, type TagRow } from '../posts/tags.repository.js';

type CreateTag = z.output<typeof createTagSchema>;
type SetSynonyms = z.output<typeof tagSynonymsSchema>;

/** Tags: lists, one tag, create, delete and recover, synonyms, follows (peer facts 6.8 and 7). */
export class TagsService {
  constructor(
    private readonly site: SiteRuntime,
    private readonly siteinfo: SiteinfoService,
  ) {}

  /** GET tags/page: available main tags; a page past the last one is 404 (peer facts 0.3). */
  async page(query: TagPageQuery, actor: Actor | null): Promise<Paged<TagListItem>> {
    const db = this.site.db;
    const { count, list } = await tagsRepository.listPage(db, query);
    if (count > 0 && list.length === 0) throw AppError.notFound(REASONS.requestFormatError);
    const [marks, followed] = await Promise.all([
      this.marks(),
      tagsRepository.followedAmong(
        db,
        actor?.user.id ?? '',
        list.map((t) => t.id),
      ),
    ]);
    return { count, list: list.map((tag) => presentTagItem(tag, marks, followed.has(tag.id))) };
  }

  /** GET tag: by id or name. A synonym answers with its main tag, naming it for a redirect. */
  async info(query: { id: string; name: string }, actor: Actor | null): Promise<TagDetail> {
    const db = this.site.db;
    const asked = query.id
      ? await tagsRepository.findById(db, query.id)
      : await tagsRepository.findBySlug(db, normalizeTagSlug(query.name));
    if (!asked || !canSeeTag(actor, asked)) throw AppError.notFound(TAG_REASONS.notFound);
    const main = await this.mainOf(asked);
    const tag = main && canSeeTag(actor, main) ? main : asked;
    const [marks, followed] = await Promise.all([
      this.marks(),
      tagsRepository.followedAmong(db, actor?.user.id ?? '', [tag.id]),
    ]);
    return presentTagDetail(tag, marks, followed.has(tag.id), actor, tag === asked ? '' : tag.slug_name);
  }

  /** GET tags?tags=a,b: available tags by slug. */
  async bySlugs(slugs: string[]): Promise<TagBrief[]> {
    const rows = await tagsRepository.availableBySlugs(this.site.db, slugs.map(normalizeTagSlug).slice(0, 100));
    return this.briefs(rows);
  }

  /** GET tags/following: the caller's followed tags (none for a guest). */
  async following(actor: Actor | null): Promise<TagBrief[]> {
    if (!actor) return [];
    return this.briefs(await tagsRepository.followedBy(this.site.db, actor.user.id));
  }

  /** POST tag: admins and moderators (spec section 6); a taken slug is refused. */
  async create(input: CreateTag, actor: Actor): Promise<{ slug_name: string }> {
    if (!canCreateTag(actor)) throw AppError.forbidden();
    const db = this.site.db;
    if (await tagsRepository.findBySlug(db, input.slug_name)) {
      throw AppError.fields([{ field: 'slug_name', key: TAG_REASONS.alreadyExist }], TAG_REASONS.alreadyExist);
    }
    const now = nowSeconds();
    await db.transaction().execute((trx) =>
      insertTagWithHistory(
        trx,
        {
          slug_name: input.slug_name,
          display_name: input.display_name,
          original_text: input.original_text,
          parsed_text: renderMarkdown(input.original_text),
        },
        actor.user.id,
        now,
      ),
    );
    return { slug_name: input.slug_name };
  }

  /**
   * DELETE tag: staff only; a tag some question uses, or one with synonyms, stays (peer
   * facts 7), so no question ever loses a tag to a deletion.
   */
  async remove(tagId: string, actor: Actor): Promise<void> {
    if (!isActiveStaff(actor)) throw AppError.forbidden();
    const db = this.site.db;
    const tag = await tagsRepository.findById(db, tagId);
    if (!tag || tag.status !== TAG_STATUS.normal) throw AppError.notFound(TAG_REASONS.notFound);
    const synonyms = (await tagsRepository.synonymsOf(db, tag.id)).filter((s) => s.status === TAG_STATUS.normal);
    if (synonyms.length > 0 || (await tagsRepository.usedBy(db, tag.id)) > 0) {
      throw AppError.badRequest(TAG_REASONS.isUsedCannotDelete);
    }
    const now = nowSeconds();
    await db.transaction().execute(async (trx) => {
      await tagsRepository.setStatus(trx, tag.id, TAG_STATUS.deleted, now);
      await recordTagActivity(trx, tag.id, 'tag.deleted', actor.user.id, now);
    });
  }

  /** POST tag/recover: staff bring a deleted tag back. */
  async recover(tagId: string, actor: Actor): Promise<void> {
    if (!isActiveStaff(actor)) throw AppError.forbidden();
    const db = this.site.db;
    const tag = await tagsRepository.findById(db, tagId);
    if (!tag) throw AppError.notFound(TAG_REASONS.notFound);
    if (tag.status !== TAG_STATUS.deleted) throw AppError.badRequest(TAG_REASONS.notDeleted);
    const now = nowSeconds();
    await db.transaction().execute(async (trx) => {
      await tagsRepository.setStatus(trx, tag.id, TAG_STATUS.normal, now);
      await recordTagActivity(trx, tag.id, 'tag.undeleted', actor.user.id, now);
    });
  }

  /** GET tag/synonyms: the synonyms of a tag's main tag, and whether the caller may change them. */
  async synonyms(tagId: string, actor: Actor | null): Promise<TagSynonyms> {
    const db = this.site.db;
    const asked = await tagsRepository.findById(db, tagId);
    if (!asked || !canSeeTag(actor, asked)) throw AppError.notFound(TAG_REASONS.notFound);
    const main = (await this.mainOf(asked)) ?? asked;
    const [rows, marks] = await Promise.all([tagsRepository.synonymsOf(db, main.id), this.marks()]);
    return {
      synonyms: rows
        .filter((row) => row.status === TAG_STATUS.normal)
        .map((row) => presentTagBrief(row, marks, main.slug_name)),
      actions: { synonym: canManageSynonyms(actor, main) },
      member_actions: synonymMemberActions(canManageSynonyms(actor, main)),
    };
  }

  /**
   * PUT tag/synonym: the list becomes the main tag's whole synonym set. Missing tags are
   * created (with their history), tags left out are detached, nothing is deleted.
   */
  async setSynonyms(input: SetSynonyms, actor: Actor): Promise<void> {
    const db = this.site.db;
    const main = await tagsRepository.findById(db, input.tag_id);
    if (!main || main.status !== TAG_STATUS.normal) throw AppError.notFound(TAG_REASONS.notFound);
    if (!canManageSynonyms(actor, main)) throw AppError.forbidden();
    const wanted = [...new Map(input.synonym_tag_list.map((s) => [s.slug_name, s])).values()];
    if (wanted.some((s) => s.slug_name === main.slug_name)) {
      throw AppError.fields(
        [{ field: 'synonym_tag_list', key: TAG_REASONS.synonymOfItself }],
        TAG_REASONS.synonymOfItself,
      );
    }
    const existing = await tagsRepository.findBySlugs(
      db,
      wanted.map((s) => s.slug_name),
    );
    for (const tag of existing) {
      if (tag.status !== TAG_STATUS.normal) {
        throw AppError.fields([{ field: 'synonym_tag_list', key: TAG_REASONS.deleted }], TAG_REASONS.deleted);
      }
      const own = await tagsRepository.synonymsOf(db, tag.id);
      if (own.some((s) => s.status === TAG_STATUS.normal)) {
        throw AppError.fields(
          [{ field: 'synonym_tag_list', key: TAG_REASONS.synonymHasSynonyms }],
          TAG_REASONS.synonymHasSynonyms,
        );
      }
    }
    const current = await tagsRepository.synonymsOf(db, main.id);
    const keep = new Set(existing.map((t) => t.id));
    const now = nowSeconds();
    await db.transaction().execute(async (trx) => {
      await tagsRepository.detachSynonyms(
        trx,
        current.filter((t) => !keep.has(t.id)).map((t) => t.id),
        now,
      );
      await tagsRepository.attachSynonyms(
        trx,
        existing.map((t) => t.id),
        main.id,
        now,
      );
      for (const tag of wanted.filter((s) => !existing.some((t) => t.slug_name === s.slug_name))) {
        await insertTagWithHistory(
          trx,
          {
            slug_name: tag.slug_name,
            display_name: tag.display_name || tag.slug_name,
            original_text: tag.original_text,
            parsed_text: renderMarkdown(tag.original_text),
            main_tag_id: main.id,
            main_tag_slug_name: main.slug_name,
          },
          actor.user.id,
          now,
        );
      }
    });
  }

  /** PUT follow/tags: the caller's whole set of followed tags; a synonym follows its main tag. */
  async followTags(slugs: string[], actor: Actor): Promise<void> {
    const db = this.site.db;
    const rows = await tagsRepository.availableBySlugs(db, [...new Set(slugs.map(normalizeTagSlug))]);
    const mains = await tagsRepository.findByIds(
      db,
      rows.filter((r) => r.main_tag_id !== NO_MAIN_TAG).map((r) => r.main_tag_id),
    );
    const wanted = new Set([
      ...rows.filter((r) => r.main_tag_id === NO_MAIN_TAG).map((r) => r.id),
      ...mains.filter((m) => m.status === TAG_STATUS.normal).map((m) => m.id),
    ]);
    const current = new Set(await tagsRepository.followedIds(db, actor.user.id));
    const now = nowSeconds();
    await db.transaction().execute(async (trx) => {
      for (const id of current) if (!wanted.has(id)) await tagsRepository.unfollow(trx, actor.user.id, id);
      for (const id of wanted) if (!current.has(id)) await tagsRepository.follow(trx, actor.user.id, id, now);
    });
  }

  async marks(): Promise<TagMarks> {
    return tagMarks((await this.siteinfo.settings()).site_write);
  }

  private async mainOf(tag: TagRow): Promise<TagRow | undefined> {
    if (tag.main_tag_id === NO_MAIN_TAG) return undefined;
    return tagsRepository.findById(this.site.db, tag.main_tag_id);
  }

  /** Short references; a synonym names its main tag. */
  private async briefs(rows: TagRow[]): Promise<TagBrief[]> {
    const [marks, mains] = await Promise.all([
      this.marks(),
      tagsRepository.findByIds(
        this.site.db,
        rows.filter((r) => r.main_tag_id !== NO_MAIN_TAG).map((r) => r.main_tag_id),
      ),
    ]);
    const slugOf = new Map(mains.map((m) => [m.id, m.slug_name]));
    return rows.map((row) => presentTagBrief(row, marks, slugOf.get(row.main_tag_id) ?? ''));
  }
}
