import type { PageActions as Actions } from '@inquire/shared';
import { useState } from 'react';
import { Link } from '../../components/links';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Menu, type MenuEntry } from '../../components/ui/menu';
import { API_BASE, http } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { CloseDialog } from './close-dialog';

interface Operation {
  /** Catalog key of the label under ui.curation.action and of the confirmation under ui.curation.confirm. */
  key: string;
  run(): Promise<unknown>;
  danger?: boolean;
}

/** The server's flags this control set shows an entry for (a member always gets the timeline link too). */
const SHOWN_FOR = ['edit', 'close', 'reopen', 'pin', 'unpin', 'hide', 'show', 'delete', 'undelete'] as const;

/** Whether PostActions shows anything for these flags: the page leaves out a guest's empty row. */
export function showsPostActions(actions: Actions, signedIn: boolean): boolean {
  return signedIn || SHOWN_FOR.some((key) => actions[key] === true);
}

/**
 * Edit and timeline links of a post and its moderation menu: exactly the operations the
 * server flagged in `actions`, each behind a confirmation (close behind its reason dialog).
 */
export function PostActions({
  kind,
  postId,
  questionId,
  actions,
  signedIn,
  onChanged,
}: {
  kind: 'question' | 'answer';
  postId: string;
  questionId: string;
  actions: Actions;
  signedIn: boolean;
  onChanged(): Promise<void> | void;
}) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<Operation | null>(null);
  const [closing, setClosing] = useState(false);
  const [busy, setBusy] = useState(false);
  const base = kind === 'question' ? `/posts/${questionId}` : `/posts/${questionId}/${postId}`;
  const operate = (operation: string) => () => http.put(`${API_BASE}/question/operation`, { id: postId, operation });

  const operations: (Operation & { shown: boolean | undefined })[] = [
    {
      key: 'reopen',
      shown: actions.reopen,
      run: () => http.put(`${API_BASE}/question/reopen`, { question_id: postId }),
    },
    { key: 'pin', shown: actions.pin, run: operate('pin') },
    { key: 'unpin', shown: actions.unpin, run: operate('unpin') },
    { key: 'hide', shown: actions.hide, run: operate('hide') },
    { key: 'show', shown: actions.show, run: operate('show') },
    {
      key: 'delete',
      shown: actions.delete,
      danger: true,
      run: () => http.delete(`${API_BASE}/${kind}`, { id: postId }),
    },
    {
      key: 'undelete',
      shown: actions.undelete,
      run: () =>
        kind === 'question'
          ? http.post(`${API_BASE}/question/recover`, { question_id: postId })
          : http.post(`${API_BASE}/answer/recover`, { answer_id: postId }),
    },
  ];
  const entries: MenuEntry[] = [
    ...(actions.close
      ? [{ kind: 'action' as const, label: t('ui.curation.action.close'), onSelect: () => setClosing(true) }]
      : []),
    ...operations
      .filter((op) => op.shown)
      .map((op) => ({
        kind: 'action' as const,
        label: t(`ui.curation.action.${op.key}`),
        danger: op.danger,
        onSelect: () => setPending(op),
      })),
  ];

  async function confirm() {
    if (!pending) return;
    setBusy(true);
    try {
      await pending.run();
      setPending(null);
      await onChanged();
    } catch {
      // The HTTP client already showed the refusal.
    } finally {
      setBusy(false);
    }
  }

  const linkClass = 'text-gray-600 hover:text-gray-900 hover:underline dark:text-gray-400 dark:hover:text-gray-100';
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      {actions.edit ? (
        <Link to={`${base}/edit`} className={linkClass}>
          {t('ui.curation.action.edit')}
        </Link>
      ) : null}
      {signedIn ? (
        <Link to={`${base}/timeline`} className={linkClass}>
          {t('ui.curation.action.timeline')}
        </Link>
      ) : null}
      {entries.length ? (
        <Menu
          align="start"
          entries={entries}
          trigger={
            <button type="button" className={linkClass}>
              {t('ui.curation.action.moderate')}
            </button>
          }
        />
      ) : null}
      <Dialog
        open={pending !== null}
        onOpenChange={(open) => (open ? undefined : setPending(null))}
        title={pending ? t(`ui.curation.action.${pending.key}`) : ''}
        footer={
          <>
            <Button variant="secondary" onClick={() => setPending(null)}>
              {t('ui.dialog.cancel')}
            </Button>
            <Button variant={pending?.danger ? 'danger' : 'primary'} loading={busy} onClick={() => void confirm()}>
              {t('ui.dialog.confirm')}
            </Button>
          </>
        }
      >
        {pending
          ? t(`ui.curation.confirm.${kind === 'answer' && pending.key === 'delete' ? 'delete_answer' : pending.key}`)
          : null}
      </Dialog>
      {actions.close ? (
        <CloseDialog questionId={postId} open={closing} onOpenChange={setClosing} onClosed={onChanged} />
      ) : null}
    </div>
  );
}

/** What readers see about why a question was closed: the reason, its description, the message. */
export function ClosedNotice({ operation }: { operation: { type: string; msg: string } | null | undefined }) {
  const { t } = useTranslation();
  if (!operation) return null;
  const isLink = /^https?:\/\//.test(operation.msg);
  return (
    <span className="mt-1 block text-sm">
      <span className="font-medium">{t(`${operation.type}.name`)}</span>: {t(`${operation.type}.desc`)}
      {operation.msg ? (
        <span className="block">
          {isLink ? (
            <a href={operation.msg} className="text-primary-text underline">
              {operation.msg}
            </a>
          ) : (
            operation.msg
          )}
        </span>
      ) : null}
    </span>
  );
}
