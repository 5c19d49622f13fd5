import { MAX_INVITEES, type InvitedUser } from '@inquire/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../components/avatar';
import { Button } from '../../components/ui/button';
import { controlClass } from '../../components/ui/field';
import { serverFieldErrors, validate, type FieldErrors } from '../../lib/forms';
import { loadPostSchemas } from '../../lib/load-post-schemas';
import { API_BASE, http } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { toast } from '../../lib/ui-events';
import { useUserSearch } from './user-search';

interface InvitePeopleProps {
  questionId: string;
  invited: InvitedUser[];
  /** The server's action flag: the reader holds the invite privilege here. */
  canInvite: boolean;
}

/**
 * Who is invited to answer (everyone sees it), and for members with the privilege an editor:
 * search members (user/info/search), pick up to five, save the whole list (PUT question/invite).
 */
export function InvitePeople({ questionId, invited, canInvite }: InvitePeopleProps) {
  const { t } = useTranslation();
  const [list, setList] = useState(invited);
  const [editing, setEditing] = useState(false);
  const [chosen, setChosen] = useState<InvitedUser[]>(invited);
  const [query, setQuery] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const hits = useUserSearch(query).filter((h) => !chosen.some((c) => c.username === h.username));
  if (!canInvite && list.length === 0) return null;

  async function save() {
    const body = { id: questionId, invite_user: chosen.map((u) => u.username) };
    const found = validate((await loadPostSchemas()).inviteSchema, body, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      setList(await http.put<InvitedUser[]>(`${API_BASE}/question/invite`, body));
      setEditing(false);
      toast(t('ui.interactions.invite_saved'));
    } catch (error) {
      setErrors(serverFieldErrors(error));
    } finally {
      setBusy(false);
    }
  }

  const searchId = `invite-search-${questionId}`;
  return (
    <section aria-labelledby="invite-heading" className="rounded-lg border border-gray-200 p-4 dark:border-gray-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="invite-heading" className="font-semibold">
          {t('ui.interactions.invite_title')}
        </h2>
        {canInvite && !editing ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              setChosen(list);
              setEditing(true);
            }}
          >
            {t('ui.interactions.invite_open')}
          </Button>
        ) : null}
      </div>
      {list.length ? (
        <ul aria-label={t('ui.interactions.invited')} className="mt-3 flex flex-wrap gap-3 text-sm">
          {list.map((u) => (
            <li key={u.username} className="flex items-center gap-1.5">
              <Avatar src={u.avatar} name={u.display_name} size={24} />
              <Link to={`/users/${u.username}`} className="font-medium text-primary-text hover:underline">
                {u.display_name}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">{t('ui.interactions.invite_none')}</p>
      )}
      {editing ? (
        <div className="mt-4 space-y-3">
          <ul className="flex flex-wrap gap-2" aria-live="polite">
            {chosen.map((u) => (
              <li
                key={u.username}
                className="inline-flex items-center gap-1 rounded bg-primary-50 px-2 py-0.5 text-sm text-gray-900 dark:bg-gray-800 dark:text-gray-100"
              >
                {u.display_name}
                <button
                  type="button"
                  aria-label={t('ui.interactions.invite_remove', { name: u.display_name })}
                  onClick={() => setChosen(chosen.filter((c) => c.username !== u.username))}
                  className="px-1 text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-gray-100"
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          <div className="relative max-w-sm">
            <label htmlFor={searchId} className="mb-1 block text-sm font-medium">
              {t('ui.interactions.invite_search')}
            </label>
            <input
              id={searchId}
              type="search"
              autoComplete="off"
              value={query}
              disabled={chosen.length >= MAX_INVITEES}
              onChange={(e) => setQuery(e.target.value)}
              aria-describedby={`${searchId}-help${errors.invite_user ? ` ${searchId}-error` : ''}`}
              aria-invalid={errors.invite_user ? true : undefined}
              className={controlClass(errors.invite_user)}
            />
            <p id={`${searchId}-help`} className="mt-1 text-xs text-gray-600 dark:text-gray-400">
              {t('ui.interactions.invite_limit', { count: MAX_INVITEES })}
            </p>
            {query && hits.length ? (
              <ul className="absolute start-0 top-16 z-20 w-full overflow-hidden rounded-md border border-gray-200 bg-white shadow-lg dark:border-gray-700 dark:bg-gray-900">
                {hits.map((hit) => (
                  <li key={hit.username}>
                    <button
                      type="button"
                      onClick={() => {
                        setChosen([...chosen, hit]);
                        setQuery('');
                      }}
                      className="flex w-full items-center gap-2 px-3 py-2 text-start text-sm hover:bg-gray-100 dark:hover:bg-gray-800"
                    >
                      <Avatar src={hit.avatar} name={hit.display_name} size={20} />
                      <span className="font-medium">{hit.display_name}</span>
                      <span className="text-gray-600 dark:text-gray-400">@{hit.username}</span>
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            {errors.invite_user ? (
              <p id={`${searchId}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
                {errors.invite_user}
              </p>
            ) : null}
          </div>
          <div className="flex gap-2">
            <Button size="sm" loading={busy} onClick={() => void save()}>
              {t('ui.interactions.invite_save')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
              {t('ui.dialog.cancel')}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
