import { lazy } from 'react';
import { completeStrings } from '../../lib/i18n';
import { withChunkTimeout } from '../../lib/chunk';

// Most readers never write a comment: the forms (the mention box, the captcha, the form helpers)
// load when a reader points at or opens "Add a comment" or "Edit", with every string they may show.
export const loadCommentForms = () =>
  Promise.all([withChunkTimeout(import('./comment-form')), completeStrings()]).then(([m]) => m);

export const NewCommentForm = lazy(() => loadCommentForms().then((m) => ({ default: m.NewCommentForm })));
export const EditCommentForm = lazy(() => loadCommentForms().then((m) => ({ default: m.EditCommentForm })));
