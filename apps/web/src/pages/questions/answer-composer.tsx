import { useEffect, useState, type FormEvent } from 'react';
import { DiscardDraft } from '../../components/editor/discard-draft';
import { MarkdownEditor } from '../../components/editor/markdown-editor';
import { Button } from '../../components/ui/button';
import { readDraft, useDraft } from '../../lib/draft';
import { serverFieldErrors, validate, withoutErrors, type FieldErrors } from '../../lib/forms';
import { loadPostSchemas } from '../../lib/load-post-schemas';
import { API_BASE, http } from '../../lib/http';
import { useLeavePrompt } from '../../lib/leave-prompt';
import { STORAGE_KEYS } from '../../lib/storage';
import { useTranslation } from '../../lib/translation';
import { toast } from '../../lib/ui-events';
import { useCaptcha } from '../users/captcha';

interface AnswerDraft {
  questionId: string;
  content: string;
}

/**
 * Write an answer (at least 6 characters); the draft is kept per question and can be discarded.
 * Loaded by answer-form.tsx.
 */
export function AnswerComposer({ questionId, onPosted }: { questionId: string; onPosted(): Promise<void> | void }) {
  const { t } = useTranslation();
  const [content, setContent] = useState('');
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const clearDraft = useDraft<AnswerDraft>(STORAGE_KEYS.answerDraft, { questionId, content }, dirty);
  useLeavePrompt(dirty && !busy);

  useEffect(() => {
    const draft = readDraft<AnswerDraft>(STORAGE_KEYS.answerDraft);
    if (draft?.questionId === questionId) setContent(draft.content);
  }, [questionId]);

  const captcha = useCaptcha('answer');

  /** Removes the stored draft and empties the editor. */
  function discard() {
    clearDraft();
    setDirty(false);
    setContent('');
    setErrors({});
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { question_id: questionId, content };
    const found = validate((await loadPostSchemas()).answerSchema, body, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const posted = await captcha.run(async (code) => {
        await http.post(`${API_BASE}/answer`, { ...body, ...code });
        return true;
      });
      if (!posted) return;
      clearDraft();
      setDirty(false);
      setContent('');
      toast(t('ui.question.answered'));
      await onPosted();
    } catch (error) {
      setErrors(serverFieldErrors(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4 border-t border-gray-200 pt-6 dark:border-gray-800">
      <MarkdownEditor
        label={t('ui.question.your_answer')}
        help={t('ui.question.answer_help')}
        name="content"
        value={content}
        error={errors.content}
        onChange={(value) => {
          setDirty(true);
          setContent(value);
          setErrors((current) => withoutErrors(current, ['content']));
        }}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={busy}>
          {t('ui.question.post_answer')}
        </Button>
        {content !== '' ? <DiscardDraft onDiscard={discard} disabled={busy} /> : null}
      </div>
      {captcha.dialog}
    </form>
  );
}
