/**
 * Values the same for every reader, kept by key until the site's content generation moves
 * (`forget`, called from infra/content-generation.ts). Two rules make that safe:
 * - A value read before the latest drop may miss the write behind it (a question deleted
 *   while its related list was read), so it is served to its caller but not kept.
 * - Callers asking for a key while it is being read share that one read: after a drop, many
 *   renders of one page at once read it once, not once each.
 */
export class KeptPerGeneration<V> {
  private readonly kept = new Map<string, V>();
  private readonly reading = new Map<string, Promise<V>>();
  /** Counts the drops: a read begun before the latest one is not kept. */
  private drops = 0;

  /** `capacity`: keys kept at most; the oldest kept goes first. */
  constructor(private readonly capacity: number) {}

  forget(): void {
    this.kept.clear();
    this.reading.clear();
    this.drops += 1;
  }

  /** The kept value of `key`, or `read`'s (shared with other callers while it runs). */
  get(key: string, read: () => Promise<V>): Promise<V> {
    if (this.kept.has(key)) return Promise.resolve(this.kept.get(key) as V);
    const shared = this.reading.get(key);
    if (shared) return shared;
    const drops = this.drops;
    const reading = read().then(
      (value) => {
        if (this.reading.get(key) === reading) this.reading.delete(key);
        if (drops === this.drops) this.keep(key, value);
        return value;
      },
      (error: unknown) => {
        if (this.reading.get(key) === reading) this.reading.delete(key);
        throw error;
      },
    );
    this.reading.set(key, reading);
    return reading;
  }

  private keep(key: string, value: V): void {
    if (this.kept.size >= this.capacity) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(key, value);
  }
}
