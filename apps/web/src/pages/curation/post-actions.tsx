import type { PageActions as Actions } from '@inquire/shared';
import { lazy, Suspense, useState } from 'react';
import { Link } from '../../components/links';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Menu, type MenuEntry } from '../../components/ui/menu';
import { API_BASE, http } from '../../lib/http';
import { completeStrings } from '../../lib/i18n';
import { useTranslation } from '../../lib/translation';
import { withChunkTimeout } from '../../lib/chunk';

// The close dialog (its reasons form and schemas) loads when a moderator first chooses "Close".
const CloseDialog = lazy(() =>
  Promise.all([withChunkTimeout(import('./close-dialog')), completeStrings()]).then(([m]) => ({
    default: m.CloseDialog,
  })),
);

interface Operation {
  /** Catalog key of the label under ui.curation.action and of the confirmation under ui.curation.confirm. */
  key: string;
  run(): Promise<unknown>;
  danger?: boolean;
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
  // Once opened the dialog stays mounted, so closing it returns focus as Radix does.
  const [closeOpened, setCloseOpened] = useState(false);
  if (closing && !closeOpened) setCloseOpened(true);
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
      {actions.close && closeOpened ? (
        <Suspense fallback={null}>
          <CloseDialog questionId={postId} open={closing} onOpenChange={setClosing} onClosed={onChanged} />
        </Suspense>
      ) : null}
    </div>
  );
}
