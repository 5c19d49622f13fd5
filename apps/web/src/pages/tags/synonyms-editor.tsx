import type { TagBrief } from '@inquire/shared';
import { useCallback, useState } from 'react';
import { useRevalidator } from 'react-router';
import { Button } from '../../components/ui/button';
import { TagInput, type TagOption } from '../../components/ui/tag-input';
import { serverFieldErrors } from '../../lib/forms';
import { API_BASE, http } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { toast } from '../../lib/ui-events';

/** Edits a main tag's whole synonym set (`PUT tag/synonym`); new names become new tags. */
export function SynonymsEditor({
  tagId,
  tagName,
  synonyms,
  onDone,
}: {
  tagId: string;
  tagName: string;
  synonyms: TagBrief[];
  onDone(): void;
}) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [value, setValue] = useState<TagOption[]>(
    synonyms.map(({ slug_name, display_name }) => ({ slug_name, display_name })),
  );
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const suggest = useCallback(
    (tag: string) =>
      http.get<TagOption[]>(`${API_BASE}/question/tags`, { params: { tag }, silent: true }).catch(() => []),
    [],
  );

  async function save() {
    setBusy(true);
    setError(undefined);
    try {
      await http.put(`${API_BASE}/tag/synonym`, {
        tag_id: tagId,
        synonym_tag_list: value.map(({ slug_name, display_name }) => ({ slug_name, display_name })),
      });
      toast(t('ui.tags.synonyms_saved'));
      await revalidator.revalidate();
      onDone();
    } catch (failure) {
      setError(serverFieldErrors(failure).synonym_tag_list);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3">
      <TagInput
        label={t('ui.tags.synonyms_label', { tag: tagName })}
        placeholder={t('ui.tags.synonyms_placeholder')}
        value={value}
        error={error}
        max={50}
        suggest={suggest}
        removeLabel={(tag) => t('ui.tags.remove_synonym', { tag })}
        onChange={(tags) => {
          setValue(tags);
          setError(undefined);
        }}
      />
      <div className="flex gap-2">
        <Button size="sm" loading={busy} onClick={() => void save()}>
          {t('ui.tags.save_synonyms')}
        </Button>
        <Button size="sm" variant="secondary" onClick={onDone}>
          {t('ui.tags.cancel')}
        </Button>
      </div>
    </div>
  );
}
