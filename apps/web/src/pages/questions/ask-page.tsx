import { askQuestionSchema } from '@inquire/shared';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { MarkdownEditor } from '../../components/editor/markdown-editor';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
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
}

const EMPTY: Draft = { title: '', content: '', tags: [] };

/** Ask a question: title, markdown body with preview, tags with suggestions; a local draft. */
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

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { title: values.title, content: values.content, tags: values.tags };
    const found = validate(askQuestionSchema, body, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const created = await captcha.run((code) =>
        http.post<{ id: string; url_title: string }>(`${API_BASE}/question`, { ...body, ...code }),
      );
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
        <Button type="submit" loading={busy}>
          {t('ui.ask.submit')}
        </Button>
      </form>
    </section>
  );
}
