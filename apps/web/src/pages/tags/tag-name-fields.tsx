import { normalizeTagSlug } from '@inquire/shared';
import { useState } from 'react';
import { TextField } from '../../components/ui/field';
import type { FieldErrors } from '../../lib/forms';
import { useTranslation } from '../../lib/translation';

interface TagNames {
  display_name: string;
  slug_name: string;
}

/**
 * A tag's display name and URL slug, as the create page, the picker's modal and the edit page
 * show them. For a new tag the slug follows the display name until someone edits the slug.
 */
export function TagNameFields({
  values,
  errors,
  onChange,
  slugFollowsName,
}: {
  values: TagNames;
  errors: FieldErrors;
  onChange(patch: Partial<TagNames>): void;
  slugFollowsName: boolean;
}) {
  const { t } = useTranslation();
  const [slugTouched, setSlugTouched] = useState(!slugFollowsName);
  return (
    <>
      <TextField
        label={t('ui.tags.display_name')}
        name="display_name"
        value={values.display_name}
        error={errors.display_name}
        maxLength={35}
        onChange={(e) => {
          const display_name = e.target.value;
          onChange(slugTouched ? { display_name } : { display_name, slug_name: normalizeTagSlug(display_name) });
        }}
      />
      <TextField
        label={t('ui.tags.slug_name')}
        help={t('ui.tags.slug_help')}
        name="slug_name"
        value={values.slug_name}
        error={errors.slug_name}
        maxLength={35}
        onChange={(e) => {
          setSlugTouched(true);
          onChange({ slug_name: e.target.value });
        }}
      />
    </>
  );
}
