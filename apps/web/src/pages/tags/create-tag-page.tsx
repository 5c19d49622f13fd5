import { createTagSchema } from '@inquire/shared';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { MarkdownEditor } from '../../components/editor/markdown-editor';
import { Button } from '../../components/ui/button';
import { serverFieldErrors, validate, withoutErrors, type FieldErrors } from '../../lib/forms';
import { API_BASE, http } from '../../lib/http';
import { useLeavePrompt } from '../../lib/leave-prompt';
import { useTranslation } from '../../lib/translation';
import { toast } from '../../lib/ui-events';
import { TagNameFields } from './tag-name-fields';

interface Values {
  display_name: string;
  slug_name: string;
  original_text: string;
}

/** Create a tag (admins and moderators): display name, URL slug, markdown description. */
export function CreateTagPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>({ display_name: '', slug_name: '', original_text: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const dirty = Object.values(values).some((v) => v !== '');
  useLeavePrompt(dirty && !busy);

  const change = (patch: Partial<Values>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => withoutErrors(current, Object.keys(patch)));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(createTagSchema, values, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const created = await http.post<{ slug_name: string }>(`${API_BASE}/tag`, values);
      toast(t('ui.tags.created_toast'));
      await navigate(`/tags/${encodeURIComponent(created.slug_name)}`);
    } catch (error) {
      setErrors(serverFieldErrors(error));
      setBusy(false);
    }
  }

  return (
    <section>
      <h1 className="text-2xl font-semibold">{t('ui.tags.create_title')}</h1>
      <form noValidate onSubmit={submit} className="mt-6 max-w-2xl space-y-6">
        <TagNameFields values={values} errors={errors} onChange={change} slugFollowsName={true} />
        <MarkdownEditor
          label={t('ui.tags.description_label')}
          help={t('ui.tags.description_help')}
          name="original_text"
          value={values.original_text}
          error={errors.original_text}
          rows={8}
          onChange={(original_text) => change({ original_text })}
        />
        <Button type="submit" loading={busy}>
          {t('ui.tags.submit')}
        </Button>
      </form>
    </section>
  );
}
