import { editTagSchema } from '@inquire/shared';
import { useState, type FormEvent } from 'react';
import { useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router';
import { loaderApi } from '../../app/api';
import { fromApi } from '../../app/load';
import { MarkdownEditor } from '../../components/editor/markdown-editor';
import { Alert } from '../../components/ui/alert';
import { serverFieldErrors, validate, withoutErrors, type FieldErrors } from '../../lib/forms';
import { API_BASE, http } from '../../lib/http';
import { useLeavePrompt } from '../../lib/leave-prompt';
import { useTranslation } from '../../lib/translation';
import { toast } from '../../lib/ui-events';
import { TagNameFields } from '../tags/tag-name-fields';
import { checkEdit } from './edit-check';
import { EditFormEnd } from './edit-form-end';

/** The fields of `GET tag?id=` the form needs. */
interface TagInfo {
  tag_id: string;
  slug_name: string;
  display_name: string;
  original_text: string;
}

export interface EditTagData {
  tag: TagInfo;
  waitForReview: boolean;
}

/** The edit check first, then the tag (`GET tag?id=`). */
export async function editTagLoader({ context, request, params }: LoaderFunctionArgs): Promise<EditTagData> {
  const url = new URL(request.url);
  const api = loaderApi(context);
  const id = params.tagId ?? '';
  const check = await checkEdit(api, id, url);
  const tag = await fromApi(api.get<TagInfo>(`${API_BASE}/tag`, { id }), url);
  return { tag, waitForReview: check.wait_for_review };
}

/** Edit a tag: display name, slug, description and an edit summary; suggested when the privilege is missing. */
export function EditTagPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tag, waitForReview } = useLoaderData() as EditTagData;
  const [values, setValues] = useState({
    display_name: tag.display_name,
    slug_name: tag.slug_name,
    original_text: tag.original_text,
    edit_summary: '',
  });
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  useLeavePrompt(dirty && !busy);

  const change = (patch: Partial<typeof values>) => {
    setDirty(true);
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => withoutErrors(current, Object.keys(patch)));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { tag_id: tag.tag_id, ...values };
    const found = validate(editTagSchema, body, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const saved = await http.put<{ wait_for_review: boolean }>(`${API_BASE}/tag`, body);
      if (saved.wait_for_review) toast(t('ui.curation.review_toast'), 'info');
      setDirty(false);
      const slug = saved.wait_for_review ? tag.slug_name : values.slug_name.toLowerCase().replace(/\s+/g, '-');
      await navigate(`/tags/${encodeURIComponent(slug)}/info`);
    } catch (error) {
      setErrors(serverFieldErrors(error));
      setBusy(false);
    }
  }

  return (
    <section>
      <h1 className="text-2xl font-semibold">{t('ui.curation.edit_tag')}</h1>
      {waitForReview ? (
        <div className="mt-4">
          <Alert kind="info">{t('ui.curation.suggest_notice')}</Alert>
        </div>
      ) : null}
      <form noValidate onSubmit={submit} className="mt-6 space-y-6">
        <TagNameFields values={values} errors={errors} onChange={change} slugFollowsName={false} />
        <MarkdownEditor
          label={t('ui.curation.tag_description')}
          name="original_text"
          value={values.original_text}
          error={errors.original_text}
          rows={8}
          onChange={(original_text) => change({ original_text })}
        />
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
