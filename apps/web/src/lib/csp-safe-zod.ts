import { config } from 'zod';

/**
 * The page's CSP allows no eval. The first time zod parses an object it probes for eval with
 * `Function('')`, which the browser reports as a CSP violation even though zod catches it and
 * falls back. Turning the compiled parsers off skips the probe, so any eval violation seen on
 * a page is a real one (the XSS sweep in e2e/tests/security treats it as such).
 */
config({ jitless: true });
