/**
 * Markdown formatting as pure functions of the text and the selection. The CodeMirror view
 * and the plain textarea (before CodeMirror has loaded) both apply the same edits, and the
 * functions are tested without a browser.
 */
export interface Selection {
  doc: string;
  from: number;
  to: number;
}

/** Replace `from..to` with `insert`, then select `select` (absolute offsets in the new text). */
export interface Edit {
  from: number;
  to: number;
  insert: string;
  select: { from: number; to: number };
}

export type MarkdownAction = (selection: Selection) => Edit;

/** `before` + selection (or a placeholder, left selected) + `after`. */
export function wrap(before: string, after: string, placeholder: string): MarkdownAction {
  return ({ doc, from, to }) => {
    const text = doc.slice(from, to) || placeholder;
    const start = from + before.length;
    return { from, to, insert: `${before}${text}${after}`, select: { from: start, to: start + text.length } };
  };
}

function lineStart(doc: string, at: number): number {
  return doc.lastIndexOf('\n', at - 1) + 1;
}

function lineEnd(doc: string, at: number): number {
  const end = doc.indexOf('\n', at);
  return end === -1 ? doc.length : end;
}

/** Puts a prefix before every selected line (`prefix(i)` for the i-th line, for numbering). */
export function prefixLines(prefix: (index: number) => string, placeholder: string): MarkdownAction {
  return ({ doc, from, to }) => {
    const start = lineStart(doc, from);
    const end = lineEnd(doc, to);
    const block = doc.slice(start, end) || placeholder;
    const insert = block
      .split('\n')
      .map((line, i) => `${prefix(i)}${line}`)
      .join('\n');
    return { from: start, to: end, insert, select: { from: start, to: start + insert.length } };
  };
}

/**
 * A block of its own: a blank line before and after it (at the end of the text too, so what
 * comes next starts a new paragraph). `selection` picks part of the block; by default the
 * cursor goes after the block and its blank line.
 */
export function insertBlock(block: string, selection?: { from: number; to: number }): MarkdownAction {
  return ({ doc, from, to }) => {
    const before = doc.slice(0, from);
    const after = doc.slice(to);
    const lead = before === '' ? '' : before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
    const tail = after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
    const offset = from + lead.length;
    const select = selection
      ? { from: offset + selection.from, to: offset + selection.to }
      : { from: offset + block.length + 2, to: offset + block.length + 2 };
    // Before existing text, the cursor lands on the blank line after the block.
    if (!selection && after !== '') select.from = select.to = offset + block.length + 1;
    return { from, to, insert: `${lead}${block}${tail}`, select };
  };
}

/** Link text must not close the brackets early; URLs must not close the parenthesis. */
function escapeLabel(text: string): string {
  return text.replace(/([[\]\\])/g, '\\$1');
}

function escapeUrl(url: string): string {
  return url.trim().replace(/[\s()<>]/g, (c) => encodeURIComponent(c));
}

export function link(url: string, text: string): MarkdownAction {
  return ({ doc, from, to }) => {
    const label = escapeLabel(text.trim() || doc.slice(from, to) || url.trim());
    const insert = `[${label}](${escapeUrl(url)})`;
    return { from, to, insert, select: { from: from + insert.length, to: from + insert.length } };
  };
}

export function image(url: string, alt: string): MarkdownAction {
  return ({ from, to }) => {
    const insert = `![${escapeLabel(alt.trim())}](${escapeUrl(url)})`;
    return { from, to, insert, select: { from: from + insert.length, to: from + insert.length } };
  };
}

/** A fenced code block; the fence is longer than any backtick run inside the code. */
export function codeBlock(code: string, language: string): MarkdownAction {
  const longest = Math.max(2, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const block = `${fence}${language}\n${code.replace(/\n+$/, '')}\n${fence}`;
  return insertBlock(block);
}

/** Texts put in place of an empty selection, in the reader's language. */
export interface Placeholders {
  heading: string;
  strong: string;
  emphasis: string;
  code: string;
  quote: string;
  item: string;
  column: string;
  cell: string;
}

export const ACTION_NAMES = [
  'heading',
  'bold',
  'italic',
  'code',
  'quote',
  'orderedList',
  'bulletList',
  'table',
  'rule',
] as const;
export type ActionName = (typeof ACTION_NAMES)[number];

export function markdownActions(p: Placeholders): Record<ActionName, MarkdownAction> {
  const header = `| ${p.column} | ${p.column} |`;
  const table = `${header}\n| ${'-'.repeat(p.column.length)} | ${'-'.repeat(p.column.length)} |\n| ${p.cell} | ${p.cell} |`;
  return {
    heading: prefixLines(() => '## ', p.heading),
    bold: wrap('**', '**', p.strong),
    italic: wrap('_', '_', p.emphasis),
    code: wrap('`', '`', p.code),
    quote: prefixLines(() => '> ', p.quote),
    orderedList: prefixLines((i) => `${i + 1}. `, p.item),
    bulletList: prefixLines(() => '- ', p.item),
    table: insertBlock(table, { from: 2, to: 2 + p.column.length }),
    rule: insertBlock('---'),
  };
}
