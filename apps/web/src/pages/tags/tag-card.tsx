import { formatCount, type TagListItem } from '@inquire/shared';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/translation';
import { FollowTagButton } from './follow-tag-button';
import { TagMarks } from './tag-marks';

/** One tag of the list: name, marks, excerpt, question count and a follow button. */
export function TagCard({ tag, signedIn }: { tag: TagListItem; signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-gray-200 p-4 dark:border-gray-800">
      <div className="flex flex-wrap items-center gap-2">
        <Link
          to={`/tags/${encodeURIComponent(tag.slug_name)}`}
          className="rounded bg-primary-50 px-2 py-0.5 text-sm font-medium text-gray-900 hover:bg-primary-100 dark:bg-gray-800 dark:text-gray-100 dark:hover:bg-gray-700"
        >
          {tag.display_name}
        </Link>
        <TagMarks tag={tag} />
      </div>
      <p className="line-clamp-3 min-h-[3.75rem] text-sm text-gray-600 dark:text-gray-400">{tag.excerpt}</p>
      <div className="mt-auto flex items-center justify-between gap-2">
        <span className="text-xs text-gray-600 dark:text-gray-400">
          {t('ui.tags.questions_count', { count: tag.question_count, formatted: formatCount(tag.question_count) })}
        </span>
        <FollowTagButton tagId={tag.tag_id} name={tag.display_name} following={tag.is_follower} signedIn={signedIn} />
      </div>
    </li>
  );
}
