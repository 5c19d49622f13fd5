/** Unix seconds now. One place, so tests and jobs agree on what "now" means. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
