import type { TagBrief } from '@inquire/shared';
import { useCallback, useState } from 'react';
import { useRevalidator } from 'react-router';
import { TagChip } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { TagInput, type TagOption } from '../../components/ui/tag-input';
import { API_BASE, http } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { toast } from '../../lib/ui-events';

/** The reader's followed tags (`tags/following`), edited as one set (`PUT follow/tags`). */
export function FollowedTags({ following }: { following: TagBrief[] }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState<TagOption[]>([]);
  const [busy, setBusy] = useState(false);
  const suggest = useCallback(
    (tag: string) =>
      http.get<TagOption[]>(`${API_BASE}/question/tags`, { params: { tag }, silent: true }).catch(() => []),
    [],
  );

  function edit() {
    setValue(following.map(({ slug_name, display_name }) => ({ slug_name, display_name })));
    setEditing(true);
  }

  async function save() {
    setBusy(true);
    const saved = await http
      .put(`${API_BASE}/follow/tags`, { slug_name_list: value.map((tag) => tag.slug_name) })
      .then(() => true)
      .catch(() => false);
    setBusy(false);
    if (!saved) return;
    toast(t('ui.tags.followed_saved'));
    setEditing(false);
    await revalidator.revalidate();
  }

  if (editing) {
    return (
      <div className="mt-4 space-y-3">
        <TagInput
          label={t('ui.tags.followed_tags')}
          placeholder={t('ui.tags.synonyms_placeholder')}
          value={value}
          max={100}
          suggest={suggest}
          removeLabel={(tag) => t('ui.tags.remove_synonym', { tag })}
          onChange={setValue}
        />
        <div className="flex gap-2">
          <Button size="sm" loading={busy} onClick={() => void save()}>
            {t('ui.tags.save_followed')}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setEditing(false)}>
            {t('ui.tags.cancel')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium text-gray-800 dark:text-gray-200">{t('ui.tags.followed_tags')}:</span>
      {following.length === 0 ? (
        <span className="text-gray-600 dark:text-gray-400">{t('ui.tags.no_followed_tags')}</span>
      ) : (
        following.map((tag) => <TagChip key={tag.tag_id} slug={tag.slug_name} name={tag.display_name} />)
      )}
      <Button variant="link" size="sm" onClick={edit}>
        {t('ui.tags.edit_followed')}
      </Button>
    </div>
  );
}
