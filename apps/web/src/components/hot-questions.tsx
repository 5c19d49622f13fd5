import { PAGING, questionPath, type Paged, type QuestionListItem } from '@inquire/shared';
import { useTranslation } from '../lib/translation';
import { Link } from './links';
import { loaderApi } from '../app/api';
import { API_BASE } from '../lib/http';
import { Card } from './ui/card';

export type HotQuestions = Pick<QuestionListItem, 'id' | 'title' | 'url_title' | 'answer_count'>[];

/** The sidebar's hot questions: page 1, six, most viewed of the last 7 days (spec section 9). */
export async function loadHotQuestions(context: unknown): Promise<HotQuestions> {
  const page = await loaderApi(context)
    .get<Paged<QuestionListItem>>(`${API_BASE}/question/page`, { ...PAGING.hotQuestions })
    .catch(() => ({ count: 0, list: [] }));
  // Only what the sidebar shows goes into the page (loader data is written twice).
  return page.list.map(({ id, title, url_title, answer_count }) => ({ id, title, url_title, answer_count }));
}

export function HotQuestionsCard({ questions, permalink }: { questions: HotQuestions; permalink: number }) {
  const { t } = useTranslation();
  if (questions.length === 0) return null;
  return (
    <Card title={t('ui.questions.hot')}>
      <ul className="side-list">
        {questions.map((q) => (
          <li key={q.id}>
            <span className="answer-count">{q.answer_count}</span>
            <Link to={questionPath(q, permalink)} className="side-link">
              {q.title}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
