import { deferred } from '../../lib/deferred';

/**
 * The answer box. Its editor (toolbar, dialogs, then CodeMirror) is loaded only where a reader
 * may answer: guests never download it.
 */
export const AnswerForm = deferred('src/pages/questions/answer-composer.tsx', () =>
  import('./answer-composer').then((m) => m.AnswerComposer),
);
