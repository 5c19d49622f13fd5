import { createTagSchema, normalizeTagSlug } from '@inquire/shared';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextArea } from '../../components/ui/field';
import type { TagOption } from '../../components/ui/tag-input';
import { validate, withoutErrors, type FieldErrors } from '../../lib/forms';
import { API_BASE, http } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { TagNameFields } from './tag-name-fields';

export interface NewTag extends TagOption {
  original_text: string;
}

interface Values {
  display_name: string;
  slug_name: string;
  original_text: string;
}

/**
 * The tag picker's "create tag" modal (spec: Modal create tag). Whether the reader may create
 * tags is the server's answer to `permission?action=tag.add`; the new tag is only added to the
 * form, and the server creates it with the question, so an abandoned question leaves no tag.
 */
export function useTagCreation(onCreated: (tag: NewTag) => void) {
  const [allowed, setAllowed] = useState(false);
  const [name, setName] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void http
      .get<Record<string, { has_permission: boolean }>>(`${API_BASE}/permission`, {
        params: { action: 'tag.add' },
        silent: true,
      })
      .then((answer) => live && setAllowed(Boolean(answer['tag.add']?.has_permission)))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  const open = useCallback((typed: string) => setName(typed), []);
  const dialog = (
    <CreateTagDialog
      name={name}
      onClose={() => setName(null)}
      onCreated={(tag) => {
        setName(null);
        onCreated(tag);
      }}
    />
  );
  return { onCreate: allowed ? open : undefined, dialog };
}

function CreateTagDialog({
  name,
  onClose,
  onCreated,
}: {
  name: string | null;
  onClose(): void;
  onCreated(tag: NewTag): void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>({ display_name: '', slug_name: '', original_text: '' });
  const [errors, setErrors] = useState<FieldErrors>({});

  useEffect(() => {
    if (name === null) return;
    setValues({ display_name: name, slug_name: normalizeTagSlug(name), original_text: '' });
    setErrors({});
  }, [name]);

  const change = (patch: Partial<Values>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => withoutErrors(current, Object.keys(patch)));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    // React events bubble through portals: the question form around the picker must not submit.
    event.stopPropagation();
    const found = validate(createTagSchema, values, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    onCreated({
      slug_name: normalizeTagSlug(values.slug_name),
      display_name: values.display_name.trim(),
      original_text: values.original_text,
    });
  }

  return (
    <Dialog open={name !== null} onOpenChange={(open) => !open && onClose()} title={t('ui.tags.create_title')}>
      <form noValidate onSubmit={submit} className="space-y-4">
        <TagNameFields values={values} errors={errors} onChange={change} slugFollowsName={true} />
        <TextArea
          label={t('ui.tags.description_label')}
          help={t('ui.tags.description_help')}
          name="original_text"
          value={values.original_text}
          error={errors.original_text}
          onChange={(e) => change({ original_text: e.target.value })}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('ui.dialog.cancel')}
          </Button>
          <Button type="submit">{t('ui.tags.add_new_tag')}</Button>
        </div>
      </form>
    </Dialog>
  );
}
