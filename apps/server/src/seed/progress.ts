/** Reports how far a seed has come. */
export interface SeedProgress {
  /** After every chunk: questions written so far out of all. */
  advance(done: number, total: number): void;
  finish(): void;
}

export const silentProgress: SeedProgress = { advance: () => undefined, finish: () => undefined };

const WIDTH = 30;

/**
 * A one-line progress bar, redrawn in place with `\r`: only on a terminal (or when asked), so
 * logs and pipes get the summary lines alone.
 */
export function progressBar(stream: NodeJS.WritableStream, startedAt = Date.now(), unit = 'questions'): SeedProgress {
  let drawn = false;
  return {
    advance(done, total) {
      const share = total === 0 ? 1 : done / total;
      const filled = Math.round(share * WIDTH);
      const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
      const bar = `${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}`;
      stream.write(
        `\r[${bar}] ${String(Math.round(share * 100)).padStart(3)}%  ${done}/${total} ${unit}  ${seconds} s`,
      );
      drawn = true;
    },
    finish() {
      if (drawn) stream.write('\n');
    },
  };
}
