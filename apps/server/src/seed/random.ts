/**
 * A small seeded random source (mulberry32): the same seed gives the same sequence on every
 * machine and Node version, so `inquire seed` writes the same community each time.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /**
   * An index in [0, count) where low indexes come up more often: a few members and tags do
   * most of the work, as on a real site.
   */
  skewed(count: number): number {
    return Math.min(count - 1, Math.floor(count * this.next() ** 2));
  }

  /** A delay in seconds, exponentially distributed around `mean` (how long until someone replies). */
  delay(mean: number): number {
    return Math.round(-Math.log(1 - this.next()) * mean);
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }
}
