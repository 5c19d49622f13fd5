import { deferred } from '../../lib/deferred';
import { withChunkTimeout } from '../../lib/chunk';

// Parts of the question page that most readers never see: a guest gets none of them, so their
// code is not in the page's chunk. A page that draws one loads its chunk before hydrating
// (lib/deferred.tsx). The page draws each only where it shows something.

/** Edit and timeline links and the moderation menu: drawn where showsPostActions says. */
export const PostActions = deferred('src/pages/curation/post-actions.tsx', () =>
  withChunkTimeout(import('../curation/post-actions')).then((m) => m.PostActions),
);

/** Who is invited to answer: drawn when someone is, or the reader may invite. */
export const InvitePeople = deferred('src/pages/questions/invite-people.tsx', () =>
  withChunkTimeout(import('./invite-people')).then((m) => m.InvitePeople),
);

/** A staff decision on a post, for its author and staff: drawn when the post carries one. */
export const DecisionNotice = deferred('src/pages/moderation/decision-notice.tsx', () =>
  withChunkTimeout(import('../moderation/decision-notice')).then((m) => m.DecisionNotice),
);
