import { Link } from 'react-router';
import { useTranslation } from '../../lib/translation';

/**
 * With restrict_answer on, a member answers a question once: instead of a second answer
 * form, the page offers to edit the answer they wrote.
 */
export function RestrictedAnswerNotice({ questionId, answerId }: { questionId: string; answerId: string }) {
  const { t } = useTranslation();
  return (
    <div
      data-testid="restricted-answer"
      className="flex flex-wrap items-center gap-3 border-t border-gray-200 pt-6 text-sm dark:border-gray-800"
    >
      <p className="text-gray-700 dark:text-gray-300">{t('ui.interactions.already_answered')}</p>
      <Link
        to={`/posts/${questionId}/${answerId}/edit`}
        className="font-medium text-primary-text underline-offset-2 hover:underline"
      >
        {t('ui.interactions.edit_your_answer')}
      </Link>
    </div>
  );
}
