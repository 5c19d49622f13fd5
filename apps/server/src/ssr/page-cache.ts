import { createHash } from 'node:crypto';
import { constants, crc32, deflateRawSync } from 'node:zlib';

/** A guest page as stored: its HTML cut at the CSP nonce, so each response gets its own. */
export interface CachedPage {
  /** The UTF-8 HTML between the occurrences of the render's nonce. */
  pieces: Buffer[];
  status: number;
  /** A weak validator of the content: the same for every nonce. */
  etag: string;
  /** The question whose views a hit counts (question pages only). */
  questionId: string | undefined;
  bytes: number;
  storedAt: number;
  /** The pieces deflated once, made on the first hit that accepts gzip (see gzipWithNonce). */
  deflated?: Buffer[];
}

/** Cuts a rendered page at its nonce (our own random token: split, never a pattern). */
export function cutAtNonce(
  html: string,
  nonce: string,
  status: number,
  questionId: string | undefined,
  now: number,
): CachedPage {
  const pieces = html.split(nonce).map((text) => Buffer.from(text, 'utf8'));
  const hash = createHash('sha256');
  for (const piece of pieces) hash.update(piece).update('\0');
  const bytes = pieces.reduce((sum, piece) => sum + piece.length, 0);
  return {
    pieces,
    status,
    etag: `W/"${hash.digest('base64url').slice(0, 27)}"`,
    questionId,
    bytes,
    storedAt: now,
  };
}

/** The page's HTML with `nonce` wherever the render had its own, as parts (see guest-pages.ts `partsBody`). */
export function withNonce(page: CachedPage, nonce: string): Buffer[] {
  const glue = Buffer.from(nonce, 'utf8');
  const parts: Buffer[] = [];
  page.pieces.forEach((piece, index) => {
    if (index > 0) parts.push(glue);
    parts.push(piece);
  });
  return parts;
}

/** gzip's fixed header: deflate, no name or time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * The page gzipped with `nonce` in it, without compressing anything per response. Each piece
 * is deflated once on its own and ends on a byte boundary (sync flush); the nonce goes between
 * them as a stored (uncompressed) deflate block; only the last piece ends the stream. The
 * gzip trailer's CRC runs over the text as sent, nonce included. Browsers get a compressed
 * page from the cache for the price of a copy, where compressing it again would cost more
 * than serving it. As parts, as withNonce.
 */
export function gzipWithNonce(page: CachedPage, nonce: string): Buffer[] {
  page.deflated ??= page.pieces.map((piece, index) =>
    deflateRawSync(piece, {
      level: 6,
      finishFlush: index === page.pieces.length - 1 ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
    }),
  );
  const glue = Buffer.from(nonce, 'utf8');
  const stored = Buffer.alloc(5);
  stored.writeUInt8(0, 0); // not the last block, stored
  stored.writeUInt16LE(glue.length, 1);
  stored.writeUInt16LE(~glue.length & 0xffff, 3);
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  page.deflated.forEach((deflated, index) => {
    if (index > 0) {
      parts.push(stored, glue);
      crc = crc32(glue, crc);
      size += glue.length;
    }
    parts.push(deflated);
    const piece = page.pieces[index] as Buffer;
    crc = crc32(piece, crc);
    size += piece.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  parts.push(trailer);
  return parts;
}

export interface PageCacheLimits {
  /** Memory held by the pages' HTML and keys, at most. */
  maxBytes: number;
  /**
   * How long a page is served before it is rendered again even if nothing was written:
   * pages carry relative times ("5 minutes ago") computed when they were rendered.
   */
  maxAgeMs: number;
}

export const DEFAULT_PAGE_CACHE_LIMITS: PageCacheLimits = { maxBytes: 24 * 1024 * 1024, maxAgeMs: 60_000 };

/** How many addresses the cache remembers having rendered once, before it starts afresh. */
const SEEN_KEYS = 16_384;

/**
 * Guest pages by key, least recently used dropped first once the bytes pass the limit.
 * `clear` starts a new epoch: a render that began before it is not stored (it may have read
 * what the write that caused the clear has since changed).
 *
 * A page is kept from its second render on: the first only notes its address (a hash of
 * it). Most addresses of a large site are asked for once (a crawler's walk, links with
 * tracking parameters); stored, they would fill the memory and push out the pages people
 * keep reading. Addresses seen stay noted through a clear, so after a write a page read
 * again is kept on its next render.
 */
export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private readonly seen = new Set<number>();
  private bytes = 0;
  private epochValue = 0;

  constructor(
    private readonly limits: PageCacheLimits = DEFAULT_PAGE_CACHE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Take this before rendering; hand it to `set`. */
  get epoch(): number {
    return this.epochValue;
  }

  get size(): number {
    return this.entries.size;
  }

  get usedBytes(): number {
    return this.bytes;
  }

  get(key: string): CachedPage | undefined {
    const page = this.entries.get(key);
    if (!page) return undefined;
    if (this.now() - page.storedAt >= this.limits.maxAgeMs) {
      this.remove(key, page);
      return undefined;
    }
    // Most recently used last: Map keeps insertion order.
    this.entries.delete(key);
    this.entries.set(key, page);
    return page;
  }

  /** Stores the page unless the cache was cleared since `epoch`; false when it was not stored. */
  set(key: string, page: CachedPage, epoch: number): boolean {
    if (epoch !== this.epochValue || !this.seenBefore(key)) return false;
    const cost = costOf(key, page);
    if (cost > this.limits.maxBytes / 4) return false;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    this.entries.set(key, page);
    this.bytes += cost;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.bytes <= this.limits.maxBytes) break;
      this.remove(oldestKey, oldest);
    }
    return true;
  }

  clear(): void {
    this.epochValue += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  /** Whether `key` was rendered before; notes it when not (see the class comment). */
  private seenBefore(key: string): boolean {
    const hash = fnv1a(key);
    if (this.seen.has(hash)) return true;
    if (this.seen.size >= SEEN_KEYS) this.seen.clear();
    this.seen.add(hash);
    return false;
  }

  private remove(key: string, page: CachedPage): void {
    this.entries.delete(key);
    this.bytes -= costOf(key, page);
  }
}

/** What an entry holds in memory, roughly: its HTML, its key and the bookkeeping around them. */
function costOf(key: string, page: CachedPage): number {
  // The deflated copy is made later, on a hit; it is counted ahead (about a quarter of the HTML).
  return page.bytes + Math.ceil(page.bytes / 4) + key.length * 2 + page.pieces.length * 192 + 256;
}

/** A 32-bit FNV-1a hash of a string's UTF-16 units: two addresses may share one, harmlessly. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
