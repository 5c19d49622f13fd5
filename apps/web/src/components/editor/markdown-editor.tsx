import { useCallback, useEffect, useId, useMemo, useRef, useState, type CSSProperties } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from '../../lib/translation';
import { describedBy, FieldNote } from '../ui/field';
import { CodeDialog } from './code-dialog';
import type { EditorHandle } from './codemirror-view';
import { activeEditorPlugins, readPluginStatus } from './editor-plugins';
import { ImageDialog } from './image-dialog';
import { LinkDialog } from './link-dialog';
import { codeBlock, image, link, markdownActions, wrap, type MarkdownAction, type Selection } from './markdown-actions';
import { Toolbar, TOOLBAR_BUTTON_CLASS, type DialogKind } from './toolbar';
import { useRenderHooks } from './use-render-hooks';
import { useRenderedPreview } from './use-rendered-preview';
import { withChunkTimeout } from '../../lib/chunk';

interface MarkdownEditorProps {
  label: string;
  help?: string;
  name: string;
  value: string;
  error?: string;
  rows?: number;
  onChange(value: string): void;
}

/** Phone widths switch between writing and the preview; wider screens show both. */
const SIDE_PREVIEW = '(min-width: 768px)';

function useWideScreen(): boolean {
  const [wide, setWide] = useState(false);
  useEffect(() => {
    const query = matchMedia(SIDE_PREVIEW);
    setWide(query.matches);
    const changed = () => setWide(query.matches);
    query.addEventListener('change', changed);
    return () => query.removeEventListener('change', changed);
  }, []);
  return wide;
}

/**
 * Markdown with a formatting toolbar, dialogs for links, images and code blocks, and a live
 * preview from `post/render` (exactly the HTML posting would store). The server renders a
 * plain labelled textarea, which works without scripts; in the browser CodeMirror replaces it
 * once its code has loaded. The value always flows through `onChange`.
 */
export function MarkdownEditor({ label, help, name, value, error, rows = 10, onChange }: MarkdownEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const labelId = `${id}-label`;
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const [dialog, setDialog] = useState<{ kind: DialogKind; selected: string }>();
  const [editor, setEditor] = useState<EditorHandle>();
  const host = useRef<HTMLDivElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const previewRef = useRef<HTMLDivElement>(null);
  const wide = useWideScreen();
  const html = useRenderedPreview(value, mode === 'preview' || wide);
  // The server's plugin switches (spec S4-065) decide which plugins act; read when an editor
  // first shows, then the editor draws again with them.
  const [, setSwitchesRead] = useState(false);
  useEffect(() => {
    void readPluginStatus().then(() => setSwitchesRead(true));
  }, []);
  const plugins = activeEditorPlugins();

  const actions = useMemo(
    () =>
      markdownActions({
        heading: t('ui.editor.placeholder.heading'),
        strong: t('ui.editor.placeholder.strong'),
        emphasis: t('ui.editor.placeholder.emphasis'),
        code: t('ui.editor.placeholder.code'),
        quote: t('ui.editor.placeholder.quote'),
        item: t('ui.editor.placeholder.item'),
        column: t('ui.editor.placeholder.column'),
        cell: t('ui.editor.placeholder.cell'),
      }),
    [t],
  );

  // CodeMirror is created once; these refs let it reach the latest props and texts.
  const latest = useRef({ onChange, actions, value });
  latest.current = { onChange, actions, value };
  const aria = { labelledBy: labelId, describedBy: describedBy(id, error, help), invalid: Boolean(error) };
  const ariaRef = useRef(aria);
  ariaRef.current = aria;

  const selection = useCallback((): Selection => {
    if (editor) return editor.selection();
    const area = textarea.current;
    const doc = latest.current.value;
    return { doc, from: area?.selectionStart ?? doc.length, to: area?.selectionEnd ?? doc.length };
  }, [editor]);

  const openDialog = useCallback(
    (kind: DialogKind) => {
      const { doc, from, to } = selection();
      setDialog({ kind, selected: doc.slice(from, to) });
    },
    [selection],
  );
  const openDialogRef = useRef(openDialog);
  openDialogRef.current = openDialog;

  useEffect(() => {
    let cancelled = false;
    let handle: EditorHandle | undefined;
    const load = withChunkTimeout(import('./codemirror-view')).then(({ createEditor }) => {
      if (cancelled || !host.current) return;
      // Someone typing in the textarea while CodeMirror loaded keeps their place in it.
      const area = textarea.current;
      const typing = area !== null && document.activeElement === area;
      const created = createEditor({
        parent: host.current,
        value: latest.current.value,
        focus: typing ? { from: area.selectionStart, to: area.selectionEnd } : undefined,
        // Labelled once React has removed the textarea (the effect below), so the field never
        // has two text boxes under one label, not even for a frame.
        aria: { ...ariaRef.current, labelledBy: '' },
        onChange: (next) => latest.current.onChange(next),
        actions: () => latest.current.actions,
        openDialog: (kind) => openDialogRef.current(kind),
      });
      handle = created;
      // The swap happens in this one task: React removes the focused textarea and shows CodeMirror,
      // then CodeMirror takes the focus (it could not while hidden). Left to a later render, text
      // typed after the textarea went and before CodeMirror had the focus landed nowhere and was lost.
      flushSync(() => setEditor(created));
      if (typing) created.focus();
    });
    // If CodeMirror cannot load (offline, a new deployment), the plain textarea stays.
    load.catch((cause: unknown) => console.warn('The editor could not load', cause));
    return () => {
      cancelled = true;
      handle?.destroy();
    };
  }, []);

  useEffect(() => editor?.setValue(value), [editor, value]);
  useEffect(() => editor?.setAria(ariaRef.current), [editor, aria.describedBy, aria.invalid]);
  useRenderHooks(previewRef, html);

  /** Applies a formatting edit to CodeMirror, or to the textarea while CodeMirror is loading. */
  function apply(action: MarkdownAction) {
    if (editor) {
      editor.apply(action);
      return;
    }
    const edit = action(selection());
    const doc = latest.current.value;
    onChange(doc.slice(0, edit.from) + edit.insert + doc.slice(edit.to));
    requestAnimationFrame(() => {
      textarea.current?.focus();
      textarea.current?.setSelectionRange(edit.select.from, edit.select.to);
    });
  }

  function insertFromDialog(action: MarkdownAction) {
    setDialog(undefined);
    apply(action);
  }

  const writing = mode === 'write';
  const tab = (active: boolean) =>
    `rounded-md px-3 py-1 text-sm ${active ? 'bg-gray-100 font-medium text-gray-900 dark:bg-gray-800 dark:text-gray-100' : 'text-gray-700 hover:text-gray-900 dark:text-gray-300'}`;
  const frame = `overflow-hidden rounded-md border bg-white shadow-xs focus-within:border-primary-500 focus-within:ring-2 focus-within:ring-primary-200 dark:bg-gray-900 dark:focus-within:ring-primary-800 ${
    error ? 'border-red-600 dark:border-red-400' : 'border-gray-300 dark:border-gray-600'
  }`;
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between gap-2">
        <label
          id={labelId}
          htmlFor={editor ? undefined : id}
          onClick={() => editor?.focus()}
          className="block text-sm font-medium text-gray-800 dark:text-gray-200"
        >
          {label}
        </label>
        <div className="flex gap-1">
          <button type="button" className={tab(writing)} aria-pressed={writing} onClick={() => setMode('write')}>
            {t('ui.ask.write')}
          </button>
          <button type="button" className={tab(!writing)} aria-pressed={!writing} onClick={() => setMode('preview')}>
            {t('ui.ask.preview')}
          </button>
        </div>
      </div>
      <div className={frame} hidden={!writing}>
        <Toolbar disabled={!writing} onAction={(action) => apply(actions[action])} onDialog={openDialog}>
          {plugins.flatMap((plugin) =>
            plugin.toolbar.map((item) => (
              <button
                key={`${plugin.slug_name}.${item.id}`}
                type="button"
                className={`${TOOLBAR_BUTTON_CLASS} text-xs`}
                onClick={() => apply(wrap(item.before, item.after, ''))}
              >
                {t(item.label_key)}
              </button>
            )),
          )}
        </Toolbar>
        {editor ? (
          // The form still carries the text under its name once CodeMirror has replaced the textarea.
          <input type="hidden" name={name} value={value} />
        ) : (
          <textarea
            ref={textarea}
            id={id}
            name={name}
            rows={rows}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            className="block w-full resize-y border-0 bg-transparent px-3 py-2 font-mono text-sm text-gray-900 focus:ring-0 focus:outline-none dark:text-gray-100"
            aria-invalid={error ? true : undefined}
            aria-describedby={aria.describedBy}
          />
        )}
        <div
          ref={host}
          hidden={!editor}
          className="md-editor text-gray-900 dark:text-gray-100"
          style={{ '--md-editor-min-height': `${rows * 1.5 + 1}rem` } as CSSProperties}
        />
      </div>
      <FieldNote id={id} help={help} error={error} />
      <div
        className={`${writing ? 'hidden md:block' : ''} min-h-32 rounded-md border border-dashed border-gray-300 p-3 dark:border-gray-700`}
        aria-live={writing ? undefined : 'polite'}
        aria-label={writing ? t('ui.editor.preview_live') : undefined}
        role={writing ? 'region' : undefined}
      >
        {html && value.trim() ? (
          <div
            ref={previewRef}
            className="prose max-w-none dark:prose-invert"
            dangerouslySetInnerHTML={{ __html: html }}
          />
        ) : (
          <p className="text-sm text-gray-600 dark:text-gray-400">{t('ui.ask.preview_empty')}</p>
        )}
      </div>
      {dialog?.kind === 'link' ? (
        <LinkDialog
          open
          initialText={dialog.selected}
          onClose={() => setDialog(undefined)}
          onInsert={(url, text) => insertFromDialog(link(url, text))}
        />
      ) : null}
      {dialog?.kind === 'image' ? (
        <ImageDialog
          open
          onClose={() => setDialog(undefined)}
          onInsert={(url, alt) => insertFromDialog(image(url, alt))}
        />
      ) : null}
      {dialog?.kind === 'codeBlock' ? (
        <CodeDialog
          open
          initialCode={dialog.selected}
          onClose={() => setDialog(undefined)}
          onInsert={(code, language) => insertFromDialog(codeBlock(code, language))}
        />
      ) : null}
    </div>
  );
}
