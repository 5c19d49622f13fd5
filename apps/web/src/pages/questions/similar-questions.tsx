import { useEffect, useState } from 'react';
import { questionPath } from '@inquire/shared';
import { Link, useRouteLoaderData } from 'react-router';
import type { Session } from '../../app/session';
import { API_BASE, http } from '../../lib/http';
import { useTranslation } from '../../lib/translation';

interface Similar {
  id: string;
  title: string;
  url_title: string;
  answer_count: number;
  accepted: boolean;
}

/** Questions like the one being typed, so the asker can find an answer before asking. */
export function SimilarQuestions({ title }: { title: string }) {
  const { t } = useTranslation();
  const [list, setList] = useState<Similar[]>([]);
  const { site } = useRouteLoaderData('root') as Session;
  useEffect(() => {
    const text = title.trim();
    if (text.length < 3) {
      setList([]);
      return;
    }
    const timer = setTimeout(() => {
      void http
        .get<Similar[]>(`${API_BASE}/question/similar`, { params: { title: text }, silent: true })
        .then(setList)
        .catch(() => setList([]));
    }, 400);
    return () => clearTimeout(timer);
  }, [title]);
  if (list.length === 0) return null;
  return (
    <section
      aria-label={t('ui.ask.similar')}
      className="rounded-md border border-gray-200 p-3 text-sm dark:border-gray-800"
    >
      <p className="mb-2 font-medium">{t('ui.ask.similar')}</p>
      <ul className="space-y-1">
        {list.map((q) => (
          <li key={q.id} className="flex gap-2">
            <span
              className={`min-w-6 rounded px-1 text-center text-xs ${q.accepted ? 'bg-green-700 text-white' : 'bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-200'}`}
            >
              {q.answer_count}
            </span>
            <Link to={questionPath(q, site.site_seo.permalink)} className="text-primary-text hover:underline">
              {q.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
