import { editAnswerSchema, type AnswerItem, type QuestionDetail } from '@inquire/shared';
import { useState, type FormEvent } from 'react';
import { data, Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { loaderApi } from '../../app/api';
import { fromApi } from '../../app/load';
import { MarkdownEditor } from '../../components/editor/markdown-editor';
import { Alert } from '../../components/ui/alert';
import { serverFieldErrors, validate, withoutErrors, type FieldErrors } from '../../lib/forms';
import { API_BASE, http } from '../../lib/http';
import { useLeavePrompt } from '../../lib/leave-prompt';
import { useTranslation } from '../../lib/translation';
import { toast } from '../../lib/ui-events';
import { checkEdit } from './edit-check';
import { EditFormEnd } from './edit-form-end';
import { useCaptcha } from '../users/captcha';

export interface EditAnswerData {
  answer: AnswerItem;
  question: QuestionDetail;
  waitForReview: boolean;
}

/** The edit check runs before the form loads (S2-010, S2-011): a refusal is the 403 page. */
export async function editAnswerLoader({ context, request, params }: LoaderFunctionArgs): Promise<EditAnswerData> {
  const url = new URL(request.url);
  const api = loaderApi(context);
  const check = await checkEdit(api, params.aid ?? '', url);
  const read = await fromApi(
    api.get<{ info: AnswerItem; question: QuestionDetail }>(`${API_BASE}/answer/info`, { id: params.aid ?? '' }),
    url,
  );
  if (read.question.id !== params.qid) throw data(null, { status: 404 });
  return { answer: read.info, question: read.question, waitForReview: check.wait_for_review };
}

/** Edit an answer: its text with preview and an edit summary; the question for context. */
export function EditAnswerPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { answer, question, waitForReview } = useLoaderData() as EditAnswerData;
  const [content, setContent] = useState(answer.content);
  const [summary, setSummary] = useState('');
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  useLeavePrompt(dirty && !busy);

  const captcha = useCaptcha('edit');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { id: answer.id, content, edit_summary: summary };
    const found = validate(editAnswerSchema, body, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const saved = await captcha.run((code) =>
        http.put<{ wait_for_review: boolean }>(`${API_BASE}/answer`, { ...body, ...code }),
      );
      if (!saved) {
        setBusy(false);
        return;
      }
      if (saved.wait_for_review) toast(t('ui.curation.review_toast'), 'info');
      setDirty(false);
      await navigate(`/questions/${question.id}/${question.url_title}/${answer.id}`);
    } catch (error) {
      setErrors(serverFieldErrors(error));
      setBusy(false);
    }
  }

  return (
    <section>
      <h1 className="text-2xl font-semibold">{t('ui.curation.edit_answer')}</h1>
      <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">
        {t('ui.curation.answer_to')}{' '}
        <Link
          to={`/questions/${question.id}/${question.url_title}`}
          className="font-medium text-primary-text hover:underline"
        >
          {question.title}
        </Link>
      </p>
      {waitForReview ? (
        <div className="mt-4">
          <Alert kind="info">{t('ui.curation.suggest_notice')}</Alert>
        </div>
      ) : null}
      {captcha.dialog}
      <form noValidate onSubmit={submit} className="mt-6 space-y-6">
        <MarkdownEditor
          label={t('ui.question.your_answer')}
          help={t('ui.question.answer_help')}
          name="content"
          value={content}
          error={errors.content}
          rows={12}
          onChange={(value) => {
            setDirty(true);
            setContent(value);
            setErrors((current) => withoutErrors(current, ['content']));
          }}
        />
        <EditFormEnd
          summary={summary}
          error={errors.edit_summary}
          busy={busy}
          onSummaryChange={(text) => {
            setDirty(true);
            setSummary(text);
          }}
        />
      </form>
    </section>
  );
}
