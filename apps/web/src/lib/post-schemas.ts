// The shared schemas the reading pages (question, profile) validate with. They come with zod, a
// fifth of such a page's script, and are needed only when a form is sent: this module is
// loaded then (`loadPostSchemas`), never with the page.
export {
  answerSchema,
  appealSchema,
  closeQuestionSchema,
  commentEditSchema,
  commentSchema,
  inviteSchema,
  reportSchema,
} from '@inquire/shared';
