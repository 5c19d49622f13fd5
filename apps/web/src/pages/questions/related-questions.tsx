import { questionPath, type RelatedQuestion } from '@inquire/shared';
import { Link } from '../../components/links';
import { Card } from '../../components/ui/card';
import { useTranslation } from '../../lib/translation';

/** The question page's sidebar card: up to six listed questions sharing its tags. */
export function RelatedQuestions({ list, permalink }: { list: RelatedQuestion[]; permalink: number }) {
  const { t } = useTranslation();
  if (list.length === 0) return null;
  return (
    <section aria-label={t('ui.interactions.related')} data-testid="related-questions">
      <Card title={t('ui.interactions.related')}>
        <ul className="side-list">
          {list.map((q) => (
            <li key={q.id}>
              <span className={q.accepted ? 'answer-count accepted' : 'answer-count'}>{q.answer_count}</span>
              <Link to={questionPath(q, permalink)} className="side-link">
                {q.title}
              </Link>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
