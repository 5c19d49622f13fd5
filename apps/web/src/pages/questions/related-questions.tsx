import { questionPath, type RelatedQuestion } from '@inquire/shared';
import { Link } from 'react-router';
import { Card } from '../../components/ui/card';
import { useTranslation } from '../../lib/translation';

/** The question page's sidebar card: up to six listed questions sharing its tags. */
export function RelatedQuestions({ list, permalink }: { list: RelatedQuestion[]; permalink: number }) {
  const { t } = useTranslation();
  if (list.length === 0) return null;
  return (
    <section aria-label={t('ui.interactions.related')} data-testid="related-questions">
      <Card title={t('ui.interactions.related')}>
        <ul className="space-y-3 text-sm">
          {list.map((q) => (
            <li key={q.id} className="flex gap-2">
              <span
                className={`mt-0.5 inline-flex h-5 min-w-6 items-center justify-center rounded px-1 text-xs ${
                  q.accepted
                    ? 'bg-green-700 text-white'
                    : 'bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-200'
                }`}
              >
                {q.answer_count}
              </span>
              <Link to={questionPath(q, permalink)} className="text-gray-800 hover:underline dark:text-gray-200">
                {q.title}
              </Link>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
