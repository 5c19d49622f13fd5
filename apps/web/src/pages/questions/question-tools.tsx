import type { PageQuestion } from '@inquire/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Popover } from '../../components/ui/popover';
import { API_BASE, http } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { toast } from '../../lib/ui-events';

/** Bookmark and follow toggles of a question (a guest's click goes to login), and its share link. */
export function QuestionTools({
  question,
  signedIn,
  shareUrl,
}: {
  question: PageQuestion;
  signedIn: boolean;
  shareUrl: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [collected, setCollected] = useState(question.collected);
  const [followed, setFollowed] = useState(question.followed);

  async function guard(): Promise<boolean> {
    if (signedIn) return true;
    await navigate(`/users/login?redirect=${encodeURIComponent(window.location.pathname)}`);
    return false;
  }

  async function bookmark() {
    if (!(await guard())) return;
    await http
      .post(`${API_BASE}/collection/switch`, { object_id: question.id, bookmark: !collected })
      .then(() => setCollected(!collected))
      .catch(() => undefined);
  }

  async function follow() {
    if (!(await guard())) return;
    await http
      .post<{ is_followed: boolean }>(`${API_BASE}/follow`, { object_id: question.id, is_cancel: followed })
      .then((result) => setFollowed(result.is_followed))
      .catch(() => undefined);
  }

  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" aria-pressed={collected} className="tool-button" onClick={() => void bookmark()}>
        {collected ? t('ui.question.bookmarked') : t('ui.question.bookmark')}
      </button>
      <button type="button" aria-pressed={followed} className="tool-button" onClick={() => void follow()}>
        {followed ? t('ui.question.following') : t('ui.question.follow')}
      </button>
      <ShareLink url={shareUrl} />
    </div>
  );
}

/** The canonical address in a field to select, and a button that copies it. */
function ShareLink({ url }: { url: string }) {
  const { t } = useTranslation();
  async function copy() {
    // The clipboard needs a secure context; elsewhere the selected field is there to copy by hand.
    await navigator.clipboard
      ?.writeText(url)
      .then(() => toast(t('ui.question.link_copied')))
      .catch(() => undefined);
  }
  return (
    <Popover
      label={t('ui.question.share_label')}
      trigger={
        <button type="button" className="tool-button">
          {t('ui.question.share')}
        </button>
      }
    >
      <label className="block space-y-2">
        <span className="block font-medium">{t('ui.question.share_label')}</span>
        <input
          readOnly
          value={url}
          onFocus={(e) => e.target.select()}
          className="w-full rounded-md border border-gray-300 bg-white px-2 py-1 text-sm dark:border-gray-600 dark:bg-gray-950"
        />
      </label>
      <button
        type="button"
        className="mt-3 rounded-md bg-primary-solid px-3 py-1 text-sm text-on-primary-solid"
        onClick={() => void copy()}
      >
        {t('ui.question.copy_link')}
      </button>
    </Popover>
  );
}
