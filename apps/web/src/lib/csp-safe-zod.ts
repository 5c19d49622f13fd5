/**
 * The page's CSP allows no eval. The first time zod parses an object it probes for eval with
 * `Function('')`, which the browser reports as a CSP violation even though zod catches it and
 * falls back. Turning the compiled parsers off skips the probe, so any eval violation seen on
 * a page is a real one (the XSS sweep in e2e/tests/security treats it as such).
 *
 * Set through zod's global config object (what `z.config({ jitless: true })` writes, kept on
 * `globalThis` so every copy of zod shares it) rather than by importing zod: the entry chunk
 * stays free of zod, which only the pages with forms download.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
