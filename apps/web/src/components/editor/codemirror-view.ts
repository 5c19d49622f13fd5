/**
 * The CodeMirror 6 view behind MarkdownEditor. Loaded with a dynamic import after hydration,
 * so CodeMirror stays out of the main bundle and out of the server render (which shows a
 * plain textarea until this replaces it).
 */
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { markdownKeymap, markdownLanguage } from '@codemirror/lang-markdown';
import { HighlightStyle, LanguageSupport, syntaxHighlighting } from '@codemirror/language';
import { Annotation, Compartment, EditorState, Transaction } from '@codemirror/state';
import { EditorView, keymap, type KeyBinding } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import type { ActionName, Edit, MarkdownAction, Selection } from './markdown-actions';
import './editor.css';

export interface EditorHandle {
  apply(action: MarkdownAction): void;
  selection(): Selection;
  /** Replaces the text when the form changes it (a reset after posting, a restored draft). */
  setValue(value: string): void;
  setAria(aria: EditorAria): void;
  focus(): void;
  destroy(): void;
}

export interface EditorAria {
  labelledBy: string;
  describedBy?: string | undefined;
  invalid: boolean;
}

export interface EditorOptions {
  parent: HTMLElement;
  value: string;
  /** Focus the editor at once with this selection (the textarea it replaces had focus). */
  focus?: { from: number; to: number } | undefined;
  aria: EditorAria;
  onChange(value: string): void;
  /** Read at key time, so the placeholders follow the current language. */
  actions(): Record<ActionName, MarkdownAction>;
  openDialog(kind: 'link' | 'image' | 'codeBlock'): void;
}

/** Markdown syntax colours as Tailwind classes, so both colour schemes come from one place. */
const markdownColours = HighlightStyle.define([
  { tag: tags.heading, class: 'font-semibold text-gray-900 dark:text-gray-50' },
  { tag: tags.strong, class: 'font-bold' },
  { tag: tags.emphasis, class: 'italic' },
  { tag: tags.strikethrough, class: 'line-through' },
  { tag: [tags.link, tags.url], class: 'text-primary-text underline' },
  { tag: tags.monospace, class: 'text-purple-800 dark:text-purple-300' },
  { tag: tags.quote, class: 'text-gray-600 dark:text-gray-400' },
  { tag: [tags.processingInstruction, tags.meta, tags.contentSeparator], class: 'text-gray-500 dark:text-gray-400' },
  { tag: tags.list, class: 'text-gray-800 dark:text-gray-200' },
]);

/** Marks text set from the form's value, so it is not reported back as the writer's change. */
const fromForm = Annotation.define<boolean>();

function contentAttributes(aria: EditorAria): Record<string, string> {
  const attributes: Record<string, string> = { 'aria-multiline': 'true', role: 'textbox' };
  if (aria.labelledBy) attributes['aria-labelledby'] = aria.labelledBy;
  if (aria.describedBy) attributes['aria-describedby'] = aria.describedBy;
  if (aria.invalid) attributes['aria-invalid'] = 'true';
  return attributes;
}

function dispatchEdit(view: EditorView, edit: Edit): void {
  view.dispatch({
    changes: { from: edit.from, to: edit.to, insert: edit.insert },
    selection: { anchor: edit.select.from, head: edit.select.to },
    scrollIntoView: true,
    userEvent: 'input.format',
  });
  view.focus();
}

function currentSelection(view: EditorView): Selection {
  const { from, to } = view.state.selection.main;
  return { doc: view.state.doc.toString(), from, to };
}

export function createEditor(options: EditorOptions): EditorHandle {
  const aria = new Compartment();
  const run = (name: ActionName) => (view: EditorView) => {
    dispatchEdit(view, options.actions()[name](currentSelection(view)));
    return true;
  };
  const open = (kind: 'link' | 'image' | 'codeBlock') => () => {
    options.openDialog(kind);
    return true;
  };
  const formatting: KeyBinding[] = [
    { key: 'Mod-b', run: run('bold') },
    { key: 'Mod-i', run: run('italic') },
    { key: 'Mod-e', run: run('code') },
    { key: 'Mod-k', run: open('link') },
    { key: 'Mod-Alt-c', run: open('codeBlock') },
    { key: 'Mod-Alt-g', run: open('image') },
    { key: 'Mod-Alt-h', run: run('heading') },
    { key: 'Mod-Alt-q', run: run('quote') },
    { key: 'Mod-Shift-7', run: run('orderedList') },
    { key: 'Mod-Shift-8', run: run('bulletList') },
  ];

  const view = new EditorView({
    parent: options.parent,
    state: EditorState.create({
      doc: options.value,
      extensions: [
        history(),
        keymap.of([...formatting, ...markdownKeymap, ...defaultKeymap, ...historyKeymap]),
        // Tab is left to move focus out of the editor (no keyboard trap); lists indent with spaces.
        // The GitHub-flavoured language alone: `markdown()` would also bundle the HTML, CSS and
        // JavaScript parsers for HTML-tag completion, tripling the download.
        new LanguageSupport(markdownLanguage),
        syntaxHighlighting(markdownColours),
        EditorView.lineWrapping,
        aria.of(EditorView.contentAttributes.of(contentAttributes(options.aria))),
        EditorView.updateListener.of((update) => {
          const echo = update.transactions.some((tr) => tr.annotation(fromForm));
          if (update.docChanged && !echo) options.onChange(update.state.doc.toString());
        }),
      ],
    }),
  });

  if (options.focus) {
    const end = view.state.doc.length;
    view.dispatch({ selection: { anchor: Math.min(options.focus.from, end), head: Math.min(options.focus.to, end) } });
    view.focus();
  }

  return {
    apply: (action) => dispatchEdit(view, action(currentSelection(view))),
    selection: () => currentSelection(view),
    setValue(value) {
      if (value === view.state.doc.toString()) return;
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: value },
        annotations: [fromForm.of(true), Transaction.addToHistory.of(false)],
      });
    },
    setAria: (next) =>
      view.dispatch({ effects: aria.reconfigure(EditorView.contentAttributes.of(contentAttributes(next))) }),
    focus: () => view.focus(),
    destroy: () => view.destroy(),
  };
}
