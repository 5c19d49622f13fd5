/** Unix seconds now. One place, so tests and jobs agree on what "now" means. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** Identical posts by the same member within this window are refused as double submits (peer facts 13.2). */
export const DUPLICATE_WINDOW_SECONDS = 5 * 60;
