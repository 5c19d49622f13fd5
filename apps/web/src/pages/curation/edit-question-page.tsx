import { editQuestionSchema, type QuestionDetail } from '@inquire/shared';
import { useCallback, useState, type FormEvent } from 'react';
import { useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { loaderApi } from '../../app/api';
import { fromApi } from '../../app/load';
import { MarkdownEditor } from '../../components/editor/markdown-editor';
import { Alert } from '../../components/ui/alert';
import { TextField } from '../../components/ui/field';
import { TagInput, type TagOption } from '../../components/ui/tag-input';
import { useTagCreation } from '../tags/create-tag-dialog';
import { serverFieldErrors, validate, withoutErrors, type FieldErrors } from '../../lib/forms';
import { API_BASE, http } from '../../lib/http';
import { useLeavePrompt } from '../../lib/leave-prompt';
import { toast } from '../../lib/ui-events';
import { useTranslation } from '../../lib/translation';
import { checkEdit } from './edit-check';
import { EditFormEnd } from './edit-form-end';
import { useCaptcha } from '../users/captcha';

export interface EditQuestionData {
  question: QuestionDetail;
  waitForReview: boolean;
}

/** The edit check runs first (S2-010); the form then loads the question. */
export async function editQuestionLoader({ context, request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const api = loaderApi(context);
  const id = params.qid ?? '';
  const check = await checkEdit(api, id, url);
  const question = await fromApi(api.get<QuestionDetail>(`${API_BASE}/question/info`, { id }), url);
  return { question, waitForReview: check.wait_for_review } satisfies EditQuestionData;
}

interface Values {
  title: string;
  content: string;
  tags: TagOption[];
  edit_summary: string;
}

/** Edit a question: the ask form's fields, prefilled, plus the edit summary. */
export function EditQuestionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { question, waitForReview } = useLoaderData() as EditQuestionData;
  const [values, setValues] = useState<Values>({
    title: question.title,
    content: question.content,
    tags: question.tags,
    edit_summary: '',
  });
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  useLeavePrompt(dirty && !busy);

  const change = (patch: Partial<Values>) => {
    setDirty(true);
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => withoutErrors(current, Object.keys(patch)));
  };
  const suggest = useCallback(
    (tag: string) =>
      http.get<TagOption[]>(`${API_BASE}/question/tags`, { params: { tag }, silent: true }).catch(() => []),
    [],
  );
  const tagCreation = useTagCreation((tag) => change({ tags: [...values.tags, tag] }));

  const captcha = useCaptcha('edit');

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { id: question.id, ...values };
    const found = validate(editQuestionSchema, body, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const saved = await captcha.run((code) =>
        http.put<{ url_title: string; wait_for_review: boolean }>(`${API_BASE}/question`, { ...body, ...code }),
      );
      if (!saved) {
        setBusy(false);
        return;
      }
      if (saved.wait_for_review) toast(t('ui.curation.review_toast'), 'info');
      setDirty(false);
      await navigate(`/questions/${question.id}/${saved.url_title}`);
    } catch (error) {
      setErrors(serverFieldErrors(error));
      setBusy(false);
    }
  }

  return (
    <section>
      <h1 className="text-2xl font-semibold">{t('ui.curation.edit_question')}</h1>
      {waitForReview ? (
        <div className="mt-4">
          <Alert kind="info">{t('ui.curation.suggest_notice')}</Alert>
        </div>
      ) : null}
      {captcha.dialog}
      <form noValidate onSubmit={submit} className="mt-6 space-y-6">
        <TextField
          label={t('ui.ask.question_title')}
          name="title"
          value={values.title}
          error={errors.title}
          maxLength={150}
          onChange={(e) => change({ title: e.target.value })}
        />
        <MarkdownEditor
          label={t('ui.ask.body')}
          help={t('ui.ask.body_help')}
          name="content"
          value={values.content}
          error={errors.content}
          rows={12}
          onChange={(content) => change({ content })}
        />
        <TagInput
          label={t('ui.ask.tags')}
          help={t('ui.ask.tags_help')}
          placeholder={t('ui.ask.tags_placeholder')}
          value={values.tags}
          error={errors.tags}
          suggest={suggest}
          removeLabel={(tag) => t('ui.ask.remove_tag', { tag })}
          onCreate={tagCreation.onCreate}
          createLabel={(name) => t('ui.tags.create_option', { name })}
          onChange={(tags) => change({ tags })}
        />
        {tagCreation.dialog}
        <EditFormEnd
          summary={values.edit_summary}
          error={errors.edit_summary}
          busy={busy}
          onSummaryChange={(edit_summary) => change({ edit_summary })}
        />
      </form>
    </section>
  );
}
