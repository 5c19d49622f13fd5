import type { TagDetail } from '@inquire/shared';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { Reader } from '../../app/session';
import { Alert } from '../../components/ui/alert';
import { linkClass } from '../../components/ui/button';
import { deferred } from '../../lib/deferred';
import { useTranslation } from '../../lib/translation';
import { loadQuestionList, QuestionListPage } from '../questions/question-list-page';
import { FollowTagButton } from './follow-tag-button';
import { isDeletedTag, loadTag } from './tag-loader';
import { TagMarks } from './tag-marks';
import { withChunkTimeout } from '../../lib/chunk';

/** The question list's data plus the tag (the list component reads its own fields). */
type TagPageData = Awaited<ReturnType<typeof loadQuestionList>> & { tag: TagDetail; signedIn: boolean };

// Deleting and recovering a tag are staff's: readers never download them.
const TagStaffActions = deferred('src/pages/tags/tag-staff-actions.tsx', () =>
  withChunkTimeout(import('./tag-staff-actions')).then((m) => m.TagStaffActions),
);

export async function tagPageLoader(args: LoaderFunctionArgs, session: Reader): Promise<TagPageData> {
  const tag = await loadTag(args.context, new URL(args.request.url), args.params.tagName ?? '');
  const list = await loadQuestionList(args, session, tag.slug_name);
  return { ...list, tag, signedIn: session.user !== null };
}

/** A tag's page: its name, marks, description excerpt, follow, then its questions with the list sorts. */
export function TagPage() {
  const { t } = useTranslation();
  const { tag, signedIn } = useLoaderData() as TagPageData;
  const base = `/tags/${encodeURIComponent(tag.slug_name)}`;
  return (
    <div className="space-y-6">
      <header className="space-y-3 border-b border-gray-200 pb-4 dark:border-gray-800">
        {isDeletedTag(tag) ? <Alert kind="danger">{t('ui.tags.deleted')}</Alert> : null}
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold break-words">{tag.display_name}</h1>
          <TagMarks tag={tag} />
        </div>
        {tag.excerpt ? <p className="text-sm text-gray-700 dark:text-gray-300">{tag.excerpt}</p> : null}
        <div className="flex flex-wrap items-center gap-3 text-sm">
          {isDeletedTag(tag) ? null : (
            <FollowTagButton
              tagId={tag.tag_id}
              name={tag.display_name}
              following={tag.is_follower}
              signedIn={signedIn}
            />
          )}
          <Link to={`${base}/info`} className={linkClass}>
            {t('ui.tags.info')}
          </Link>
          {tag.actions.delete || tag.actions.undelete ? <TagStaffActions tag={tag} /> : null}
        </div>
      </header>
      <QuestionListPage heading={t('ui.tags.questions_in', { tag: tag.display_name })} />
    </div>
  );
}
