import { useState } from 'react';
import { useNavigate } from 'react-router';
import { API_BASE, http } from '../../lib/http';
import { useTranslation } from '../../lib/translation';

const toggleClass = (on: boolean) =>
  `rounded-md border px-3 py-1 text-sm ${
    on
      ? 'border-transparent bg-primary-solid text-on-primary-solid'
      : 'border-gray-300 text-gray-800 hover:bg-gray-100 dark:border-gray-600 dark:text-gray-200 dark:hover:bg-gray-800'
  }`;

/** Follows or unfollows a tag with the generic `follow` call; a guest's click goes to login. */
export function FollowTagButton({
  tagId,
  name,
  following,
  signedIn,
}: {
  tagId: string;
  name: string;
  following: boolean;
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [on, setOn] = useState(following);
  const [busy, setBusy] = useState(false);

  async function toggle() {
    if (!signedIn) {
      await navigate(`/users/login?redirect=${encodeURIComponent(window.location.pathname)}`);
      return;
    }
    setBusy(true);
    await http
      .post<{ is_followed: boolean }>(`${API_BASE}/follow`, { object_id: tagId, is_cancel: on })
      .then((result) => setOn(result.is_followed))
      .catch(() => undefined);
    setBusy(false);
  }

  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={t(on ? 'ui.tags.following_label' : 'ui.tags.follow_label', { tag: name })}
      disabled={busy}
      className={toggleClass(on)}
      onClick={() => void toggle()}
    >
      {on ? t('ui.tags.following') : t('ui.tags.follow')}
    </button>
  );
}
