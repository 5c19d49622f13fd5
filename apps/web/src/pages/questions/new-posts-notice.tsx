import { useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import { onLive, watchQuestion } from '../../lib/live-stream';
import { useTranslation } from '../../lib/translation';

/**
 * "1 new answer, show" (issue 11 item 4): answers and comments that arrive on the open question
 * through the live stream are counted, not inserted, so nothing moves under the reader's eyes.
 * The notice floats over the bottom of the window (it takes no room in the page); clicking it
 * reloads the page's data in place and brings the first new answer into view.
 */
export function NewPostsNotice({ questionId, shownAnswerIds }: { questionId: string; shownAnswerIds: string[] }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [answers, setAnswers] = useState<string[]>([]);
  const [comments, setComments] = useState<string[]>([]);

  useEffect(() => {
    const add = (id: string) => (ids: string[]) => (ids.includes(id) ? ids : [...ids, id]);
    const stopWatching = watchQuestion(questionId);
    const offAnswer = onLive('answer', (event) => {
      if (event.question_id === questionId) setAnswers(add(event.answer_id));
    });
    const offComment = onLive('comment', (event) => {
      if (event.question_id === questionId) setComments(add(event.comment_id));
    });
    return () => {
      stopWatching();
      offAnswer();
      offComment();
      setAnswers([]);
      setComments([]);
    };
  }, [questionId]);

  // An answer the page already shows (it was reloaded meanwhile) is not new.
  const newAnswers = answers.filter((id) => !shownAnswerIds.includes(id));
  const parts = [
    newAnswers.length ? t('ui.live.new_answers', { count: newAnswers.length }) : '',
    comments.length ? t('ui.live.new_comments', { count: comments.length }) : '',
  ].filter(Boolean);

  async function show() {
    const first = newAnswers[0];
    await revalidator.revalidate();
    setAnswers([]);
    setComments([]);
    if (first) document.getElementById(first)?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }

  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-30 flex justify-center px-4"
    >
      {parts.length ? (
        <button
          type="button"
          data-testid="new-posts-notice"
          onClick={() => void show()}
          className="pointer-events-auto rounded-full bg-primary-solid px-4 py-2 text-sm font-medium text-on-primary-solid shadow-lg hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          {t('ui.live.notice', { what: parts.join(t('ui.live.separator')) })}
        </button>
      ) : null}
    </div>
  );
}
