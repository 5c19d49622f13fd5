import type { RevisionSnapshot } from '@inquire/shared';

/**
 * What a revision's `content` holds, as JSON: a question `{title, content, tags: tag ids}`,
 * an answer `{content}`, a tag `{slug_name, display_name, original_text}`. Creation, edits,
 * suggested edits and rollbacks all store this shape, so any revision can be applied again.
 */
export interface QuestionSnapshot {
  title: string;
  content: string;
  tags: string[];
}
export interface AnswerSnapshot {
  content: string;
}
export interface TagSnapshot {
  slug_name: string;
  display_name: string;
  original_text: string;
}

function parse(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

export function questionSnapshot(json: string): QuestionSnapshot {
  const raw = parse(json);
  const tags = Array.isArray(raw.tags) ? raw.tags.filter((t): t is string => typeof t === 'string') : [];
  return { title: str(raw.title), content: str(raw.content), tags };
}

export function answerSnapshot(json: string): AnswerSnapshot {
  return { content: str(parse(json).content) };
}

export function tagSnapshot(json: string): TagSnapshot {
  const raw = parse(json);
  return { slug_name: str(raw.slug_name), display_name: str(raw.display_name), original_text: str(raw.original_text) };
}

/** The diff view's shape of any revision; question tags are shown by slug. */
export function toDiffSnapshot(objectType: number, json: string, tagSlugs: Map<string, string>): RevisionSnapshot {
  if (objectType === 1) {
    const q = questionSnapshot(json);
    return {
      title: q.title,
      tags: q.tags.map((id) => tagSlugs.get(id) ?? id),
      original_text: q.content,
      slug_name: '',
    };
  }
  if (objectType === 3) {
    const t = tagSnapshot(json);
    return { title: t.display_name, tags: [], original_text: t.original_text, slug_name: t.slug_name };
  }
  return { title: '', tags: [], original_text: answerSnapshot(json).content, slug_name: '' };
}

/** Tag ids named by question revisions, to resolve them to slugs in one query. */
export function tagIdsOf(rows: { object_type: number; content: string }[]): string[] {
  return [...new Set(rows.filter((r) => r.object_type === 1).flatMap((r) => questionSnapshot(r.content).tags))];
}
