import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/translation';
import { Tooltip } from '../ui/tooltip';
import type { ActionName } from './markdown-actions';
import { TOOLBAR_ICONS } from './toolbar-icons';
import { useRovingFocus } from './use-roving-focus';

export type DialogKind = 'link' | 'image' | 'codeBlock';

/** The buttons, their names (i18n keys) and the shortcuts CodeMirror binds (codemirror-view.ts). */
const ITEMS: readonly (
  { action: ActionName; label: string; keys?: string } | { dialog: DialogKind; label: string; keys?: string } | 'gap'
)[] = [
  { action: 'heading', label: 'ui.editor.heading', keys: 'Ctrl+Alt+H' },
  { action: 'bold', label: 'ui.editor.bold', keys: 'Ctrl+B' },
  { action: 'italic', label: 'ui.editor.italic', keys: 'Ctrl+I' },
  'gap',
  { action: 'code', label: 'ui.editor.code', keys: 'Ctrl+E' },
  { dialog: 'codeBlock', label: 'ui.editor.code_block', keys: 'Ctrl+Alt+C' },
  { action: 'quote', label: 'ui.editor.quote', keys: 'Ctrl+Alt+Q' },
  'gap',
  { dialog: 'link', label: 'ui.editor.link', keys: 'Ctrl+K' },
  { dialog: 'image', label: 'ui.editor.image', keys: 'Ctrl+Alt+G' },
  'gap',
  { action: 'orderedList', label: 'ui.editor.ordered_list', keys: 'Ctrl+Shift+7' },
  { action: 'bulletList', label: 'ui.editor.bullet_list', keys: 'Ctrl+Shift+8' },
  { action: 'table', label: 'ui.editor.table' },
  { action: 'rule', label: 'ui.editor.rule' },
];

const MARKDOWN_HELP = 'https://commonmark.org/help/';

const BUTTON =
  'inline-flex h-8 min-w-8 items-center justify-center rounded px-1.5 text-gray-700 hover:bg-gray-200 hover:text-gray-900 disabled:opacity-50 dark:text-gray-300 dark:hover:bg-gray-700 dark:hover:text-gray-50';

interface ToolbarProps {
  disabled: boolean;
  onAction(name: ActionName): void;
  onDialog(kind: DialogKind): void;
  /** Items added by editor plugins (their own buttons, after ours). */
  children?: ReactNode;
}

export function Toolbar({ disabled, onAction, onDialog, children }: ToolbarProps) {
  const { t } = useTranslation();
  const roving = useRovingFocus<HTMLDivElement>();
  return (
    <div
      ref={roving.ref}
      onKeyDown={roving.onKeyDown}
      role="toolbar"
      aria-label={t('ui.editor.toolbar')}
      className="flex flex-wrap items-center gap-0.5 border-b border-gray-200 px-1.5 py-1 dark:border-gray-700"
    >
      {ITEMS.map((item, index) => {
        if (item === 'gap') {
          return <span key={index} aria-hidden="true" className="mx-1 h-5 w-px bg-gray-300 dark:bg-gray-600" />;
        }
        const name = t(item.label);
        const id = 'action' in item ? item.action : item.dialog;
        return (
          <Tooltip key={id} content={item.keys ? t('ui.editor.shortcut', { name, keys: item.keys }) : name}>
            <button
              type="button"
              className={BUTTON}
              aria-label={name}
              aria-keyshortcuts={item.keys?.replaceAll('Ctrl', 'Control')}
              disabled={disabled}
              onClick={() => ('action' in item ? onAction(item.action) : onDialog(item.dialog))}
            >
              {TOOLBAR_ICONS[id]}
            </button>
          </Tooltip>
        );
      })}
      {children}
      <Tooltip content={t('ui.editor.help')}>
        <a
          href={MARKDOWN_HELP}
          target="_blank"
          rel="noopener noreferrer"
          className={`${BUTTON} ms-auto`}
          aria-label={t('ui.editor.help')}
        >
          {TOOLBAR_ICONS.help}
        </a>
      </Tooltip>
    </div>
  );
}

export { BUTTON as TOOLBAR_BUTTON_CLASS };
