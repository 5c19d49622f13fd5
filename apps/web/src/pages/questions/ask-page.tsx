import { askQuestionSchema, askWithAnswerSchema, type AnswerItem, type QuestionDetail } from '@inquire/shared';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { DiscardDraft } from '../../components/editor/discard-draft';
import { MarkdownEditor } from '../../components/editor/markdown-editor';
import { Button } from '../../components/ui/button';
import { Checkbox, TextField } from '../../components/ui/field';
import { TagInput, type TagOption } from '../../components/ui/tag-input';
import { useTagCreation } from '../tags/create-tag-dialog';
import { readDraft, useDraft } from '../../lib/draft';
import { serverFieldErrors, validate, withoutErrors, type FieldErrors } from '../../lib/forms';
import { API_BASE, http } from '../../lib/http';
import { useLeavePrompt } from '../../lib/leave-prompt';
import { STORAGE_KEYS } from '../../lib/storage';
import { useTranslation } from '../../lib/translation';
import { SimilarQuestions } from './similar-questions';
import { useCaptcha } from '../users/captcha';

interface Draft {
  title: string;
  content: string;
  tags: TagOption[];
  /** "Answer your own question" is ticked: the answer below is posted with the question. */
  answering: boolean;
  answer_content: string;
}

const EMPTY: Draft = { title: '', content: '', tags: [], answering: false, answer_content: '' };

/**
 * Ask a question: title, markdown body with preview, tags with suggestions, and optionally the
 * asker's own answer (question/answer posts both at once); a local draft, which can be discarded.
 */
export function AskPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState<Draft>(EMPTY);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const clearDraft = useDraft(STORAGE_KEYS.questionDraft, values, dirty);
  useLeavePrompt(dirty && !busy);

  // The draft lives in the browser only, so it is restored after hydration.
  useEffect(() => {
    const draft = readDraft<Draft>(STORAGE_KEYS.questionDraft);
    if (draft) setValues({ ...EMPTY, ...draft });
  }, []);

  const change = (patch: Partial<Draft>) => {
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

  const captcha = useCaptcha('question');

  const hasContent =
    values.title !== '' || values.content !== '' || values.tags.length > 0 || values.answer_content !== '';

  /** Removes the stored draft and empties the form. */
  function discard() {
    clearDraft();
    setDirty(false);
    setValues(EMPTY);
    setErrors({});
  }

  /** The question alone, or with the asker's answer (both written or neither); where it now lives. */
  function post(code: object): Promise<{ id: string; url_title: string }> {
    const question = { title: values.title, content: values.content, tags: values.tags, ...code };
    if (!values.answering) return http.post(`${API_BASE}/question`, question);
    return http
      .post<{ info: AnswerItem; question: QuestionDetail }>(`${API_BASE}/question/answer`, {
        ...question,
        answer_content: values.answer_content,
      })
      .then((created) => created.question);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { title: values.title, content: values.content, tags: values.tags };
    const found = values.answering
      ? validate(askWithAnswerSchema, { ...body, answer_content: values.answer_content }, t)
      : validate(askQuestionSchema, body, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const created = await captcha.run(post);
      if (!created) {
        setBusy(false);
        return;
      }
      clearDraft();
      setDirty(false);
      await navigate(`/questions/${created.id}/${created.url_title}`);
    } catch (error) {
      setErrors(serverFieldErrors(error));
      setBusy(false);
    }
  }

  return (
    <section>
      <h1 className="text-2xl font-semibold">{t('ui.ask.title')}</h1>
      {captcha.dialog}
      <form noValidate onSubmit={submit} className="mt-6 space-y-6">
        <TextField
          label={t('ui.ask.question_title')}
          help={t('ui.ask.question_title_help')}
          name="title"
          value={values.title}
          error={errors.title}
          maxLength={150}
          onChange={(e) => change({ title: e.target.value })}
        />
        <SimilarQuestions title={values.title} />
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
          markLabels={{ reserved: t('ui.tags.reserved'), recommend: t('ui.tags.recommended') }}
          onChange={(tags) => change({ tags })}
        />
        {tagCreation.dialog}
        <Checkbox
          label={t('ui.ask.answer_own')}
          name="answering"
          checked={values.answering}
          onChange={(e) => {
            change({ answering: e.target.checked });
            setErrors((current) => withoutErrors(current, ['answer_content']));
          }}
        />
        {values.answering ? (
          <MarkdownEditor
            label={t('ui.ask.answer')}
            help={t('ui.ask.answer_help')}
            name="answer_content"
            value={values.answer_content}
            error={errors.answer_content}
            rows={8}
            onChange={(answer_content) => change({ answer_content })}
          />
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" loading={busy}>
            {values.answering ? t('ui.ask.submit_with_answer') : t('ui.ask.submit')}
          </Button>
          {hasContent ? <DiscardDraft onDiscard={discard} disabled={busy} /> : null}
        </div>
      </form>
    </section>
  );
}
