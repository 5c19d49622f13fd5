import { deferred } from '../../lib/deferred';
import { withChunkTimeout } from '../../lib/chunk';

/**
 * The "Flag" link, drawn only where the server lets the reader flag (never for a guest): its
 * code comes with the pages that draw it, not with every reader's question or profile page.
 */
export const FlagButton = deferred('src/pages/moderation/flag-button.tsx', () =>
  withChunkTimeout(import('./flag-button')).then((m) => m.FlagButton),
);
