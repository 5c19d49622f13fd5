import MarkdownIt from 'markdown-it';
import { renderInline, renderMarkdown } from '../lib/markdown.js';
import { linkMentions } from '../modules/comments/mentions.js';

/**
 * A plain sentence markdown leaves as it is: it starts with a letter (not `1.`, `-` or `#`) and
 * holds only letters, digits, spaces and punctuation that is not markup (no `* _ [ ] < > & ! ~ |`
 * or backquote), and `linkify` finds no link in it (`Node.js` is none, `example.com` is one).
 */
const PLAIN = /^\p{L}[\p{L}\p{N} ,;:?'"()%/+=#\-.\u3000-\u303f\uff00-\uffef\u2018-\u201d]*$/u;
/** The link finder behind markdown-it's `linkify` option, which `lib/markdown.ts` turns on with its defaults. */
const links = new MarkdownIt({ linkify: true }).linkify;
const FENCE = '```';
/** A username of letters and digits with single dots between (the seed's own names). */
const PLAIN_NAME = /^[a-z][a-z0-9]*(\.[a-z0-9]+)*$/;
const STAND_IN = 'seedauthorname';
/** Every this many fast-rendered paragraphs, one is rendered the slow way too and compared. */
const CHECK_EVERY = 1009;
/** Rendered code blocks and comments kept; a seed draws both from small sets. */
const CACHE_LIMIT = 50_000;

/**
 * The HTML `renderMarkdown` / `renderInline` give for the seed's own text, much faster: a body is
 * blocks separated by blank lines (paragraphs and one fenced code block), each rendered alone;
 * a plain paragraph becomes `<p>…</p>` directly, and code blocks and comments (drawn from short
 * lists) are rendered once and remembered. The output is the renderer's, byte for byte: a
 * sample of the fast paragraphs is checked against it as the seed runs, and the seed tests
 * compare whole bodies.
 */
export class SeedRenderer {
  private readonly blocks = new Map<string, string>();
  private readonly comments = new Map<string, string>();
  private fastParagraphs = 0;
  private fastComments = 0;

  body(source: string): string {
    const blocks = source.split('\n\n');
    if (!blocks.every(isWholeBlock)) return renderMarkdown(source);
    return blocks.map((block) => this.block(block)).join('');
  }

  /**
   * A comment as `CommentsService.create` stores it: mentions linked, then inline markdown. A
   * comment mentioning one member is rendered once per wording with a stand-in name, which
   * the real one then replaces (a plain name renders the same whoever it is).
   */
  comment(text: string, mentionable: Set<string>): string {
    const [name, ...more] = mentionable;
    if (name === undefined || more.length > 0 || !PLAIN_NAME.test(name) || text.includes(STAND_IN)) {
      return renderInline(linkMentions(text, mentionable));
    }
    const wording = text.replaceAll(name, STAND_IN);
    if (wording.includes(name)) return renderInline(linkMentions(text, mentionable));
    const html = remember(this.comments, wording, () =>
      renderInline(linkMentions(wording, new Set([STAND_IN]))),
    ).replaceAll(STAND_IN, name);
    this.fastComments += 1;
    if (this.fastComments % CHECK_EVERY === 0 && renderInline(linkMentions(text, mentionable)) !== html) {
      throw new Error(`the seed's comment rendering differs from renderInline for: ${text}`);
    }
    return html;
  }

  private block(block: string): string {
    if (block.startsWith(FENCE)) return remember(this.blocks, block, () => renderMarkdown(block));
    if (!PLAIN.test(block) || links.test(block)) return renderMarkdown(block);
    const html = `<p>${block}</p>\n`;
    this.fastParagraphs += 1;
    if (this.fastParagraphs % CHECK_EVERY === 0 && renderMarkdown(block) !== html) {
      throw new Error(`the seed's fast paragraph rendering differs from renderMarkdown for: ${block}`);
    }
    return html;
  }
}

/** A block a blank-line split cannot have cut in two: not a code fence left open. */
function isWholeBlock(block: string): boolean {
  if (!block.startsWith(FENCE)) return !block.includes(FENCE);
  return block.length > 2 * FENCE.length && block.endsWith(`\n${FENCE}`);
}

function remember(cache: Map<string, string>, key: string, render: () => string): string {
  const found = cache.get(key);
  if (found !== undefined) return found;
  const html = render();
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, html);
  return html;
}
