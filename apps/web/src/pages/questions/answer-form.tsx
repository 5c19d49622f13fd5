import { deferred } from '../../lib/deferred';
import { withChunkTimeout } from '../../lib/chunk';

/**
 * The answer box. Its editor (toolbar, dialogs, then CodeMirror) is loaded only where a reader
 * may answer: guests never download it.
 */
export const AnswerForm = deferred('src/pages/questions/answer-composer.tsx', () =>
  withChunkTimeout(import('./answer-composer')).then((m) => m.AnswerComposer),
);
