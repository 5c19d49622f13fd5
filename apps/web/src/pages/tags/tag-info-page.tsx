import type { TagDetail, TagSynonyms } from '@inquire/shared';
import { useState } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { loaderApi } from '../../app/api';
import { fromApi } from '../../app/load';
import type { Reader } from '../../app/session';
import { Alert } from '../../components/ui/alert';
import { TagChip } from '../../components/ui/badge';
import { Button, linkClass } from '../../components/ui/button';
import { API_BASE } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { isDeletedTag, loadTag } from './tag-loader';
import { TagMarks } from './tag-marks';
import { TagStaffActions } from './tag-staff-actions';
import { SynonymsEditor } from './synonyms-editor';

interface TagInfoData {
  tag: TagDetail;
  synonyms: TagSynonyms;
}

export async function tagInfoLoader({ context, request, params }: LoaderFunctionArgs, _session: Reader) {
  const url = new URL(request.url);
  const tag = await loadTag(context, url, params.tagName ?? '', '/info');
  const synonyms = await fromApi(
    loaderApi(context).get<TagSynonyms>(`${API_BASE}/tag/synonyms`, { tag_id: tag.tag_id }),
    url,
  );
  return { tag, synonyms } satisfies TagInfoData;
}

/** A tag's info: its description (rendered and sanitized by the server), synonyms, history. */
export function TagInfoPage() {
  const { t } = useTranslation();
  const { tag, synonyms } = useLoaderData() as TagInfoData;
  const [editing, setEditing] = useState(false);
  const base = `/tags/${encodeURIComponent(tag.slug_name)}`;
  return (
    <article className="space-y-6">
      <header className="space-y-3 border-b border-gray-200 pb-4 dark:border-gray-800">
        {isDeletedTag(tag) ? <Alert kind="danger">{t('ui.tags.deleted')}</Alert> : null}
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold break-words">
            <Link to={base} className="hover:underline">
              {tag.display_name}
            </Link>
          </h1>
          <TagMarks tag={tag} />
        </div>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          {tag.actions.edit ? (
            <Link to={`/tags/${tag.tag_id}/edit`} className={linkClass}>
              {t('ui.tags.edit')}
            </Link>
          ) : null}
          <Link to={`/tags/${tag.tag_id}/timeline`} className={linkClass}>
            {t('ui.tags.history')}
          </Link>
          <TagStaffActions tag={tag} />
        </div>
      </header>
      <section aria-labelledby="tag-description" className="space-y-2">
        <h2 id="tag-description" className="text-lg font-semibold">
          {t('ui.tags.description')}
        </h2>
        {tag.parsed_text ? (
          <div className="prose max-w-none dark:prose-invert" dangerouslySetInnerHTML={{ __html: tag.parsed_text }} />
        ) : (
          <p className="text-sm text-gray-600 dark:text-gray-400">{t('ui.tags.no_description')}</p>
        )}
      </section>
      <section aria-labelledby="tag-synonyms" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="tag-synonyms" className="text-lg font-semibold">
            {t('ui.tags.synonyms')}
          </h2>
          {synonyms.actions.synonym && !editing ? (
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              {t('ui.tags.manage_synonyms')}
            </Button>
          ) : null}
        </div>
        <p className="text-sm text-gray-600 dark:text-gray-400">{t('ui.tags.synonyms_help')}</p>
        {editing ? (
          <SynonymsEditor
            tagId={tag.tag_id}
            tagName={tag.display_name}
            synonyms={synonyms.synonyms}
            onDone={() => setEditing(false)}
          />
        ) : synonyms.synonyms.length === 0 ? (
          <p className="text-sm text-gray-700 dark:text-gray-300">{t('ui.tags.no_synonyms')}</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {synonyms.synonyms.map((s) => (
              <li key={s.tag_id}>
                <TagChip slug={s.slug_name} name={s.display_name} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
