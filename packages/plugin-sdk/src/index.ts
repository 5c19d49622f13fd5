/**
 * Plugin contracts. A plugin is a workspace package with a manifest and up to two entries
 * (server, web); each kind has its own typed contract and fills named slots, never patching
 * the core. A plugin is registered only when it has both a slug_name and a type (spec §5).
 */
export const PLUGIN_KINDS = ['connector', 'search', 'editor', 'route', 'captcha', 'reviewer'] as const;
export type PluginKind = (typeof PLUGIN_KINDS)[number];

/** Named places in the web app that plugins can fill. */
export const WEB_SLOTS = ['login.connectors', 'editor.render', 'search.attribution', 'question.sidebar'] as const;
export type WebSlot = (typeof WEB_SLOTS)[number];

export interface PluginManifest {
  slug_name: string;
  type: PluginKind;
  version: string;
  /** i18n keys of the plugin's own catalog, so names are translated like the rest of the UI. */
  name_key: string;
  description_key: string;
  author?: string;
  link?: string;
  /** Built-in plugins ship with Inquire and start activated. */
  builtin?: boolean;
  /** The plugin's settings: the admin's config form is drawn from these (names and help as i18n keys). */
  config_fields?: PluginConfigField[];
}

/** One declared setting of a plugin; `default` is its value until the admin saves another. */
export type PluginConfigField = {
  name: string;
  title_key: string;
  description_key: string;
  required?: boolean;
} & (
  | { type: 'number'; default: number; min?: number; max?: number }
  /**
   * `secret`: a credential (a client secret, an API key). The admin's form reads it back masked
   * (PLUGIN_SECRET_MASK) and sending the mask back keeps it, as the SMTP password.
   */
  | { type: 'text'; default: string; max_length?: number; secret?: boolean }
  | { type: 'switch'; default: boolean }
);

/** What the host hands a server entry: narrow on purpose (no repositories, no raw database). */
export interface PluginHost {
  settings<T>(): Promise<T | undefined>;
  translate(key: string, lang: string): string;
  logger: { info(message: string): void; warn(message: string): void; error(message: string): void };
}

export interface ConnectorUser {
  external_id: string;
  display_name: string;
  /** The provider's login name: the base of a new member's username when there is one. */
  username?: string;
  /** Only an address the provider vouches for; without one the host asks the member for it. */
  email?: string;
  avatar?: string;
}

/**
 * An external sign-in (OAuth2 or the like). The host keeps the flow's state (a cookie checked
 * on the callback), handles the provider's `error` answer (a declined consent), and decides
 * what the returned identity means: a known member, a new one, or a binding waiting for an
 * email address. A connector only talks to its provider.
 */
export interface ConnectorContract {
  kind: 'connector';
  /** Button on the login page: the provider's name as people know it, and a base64 SVG icon. */
  button: { name: string; icon: string };
  /** Where to send the browser to start signing in. */
  startUrl(input: { redirectUri: string; state: string }): Promise<string>;
  /** The provider's callback: who signed in. Throws when the provider cannot say. */
  callback(input: { query: Record<string, string>; redirectUri: string }): Promise<ConnectorUser>;
}

/** Whether an accepted answer is asked for: any, yes or no (the peer's AcceptedCond). */
export type SearchAccepted = 'any' | 'yes' | 'no';

/**
 * The parsed query a search plugin receives (the peer's SearchBasicCond): the host has read the
 * syntax (`[tag]`, `user:`, `score:` …) and resolved names to ids. A number left undefined does
 * not narrow; a `*_amount` of 0 means exactly 0, more means at least that many.
 */
export interface SearchCond {
  page: number;
  page_size: number;
  /** Words and "phrases" to find, each as typed (lower-cased). */
  words: string[];
  /** Each group is one `[tag]` with its synonyms; a result's question carries a tag of every group. */
  tag_ids: string[][];
  /** Which posts to search: questions, answers or both (`is:question`, `is:answer`). */
  object_types: ('question' | 'answer')[];
  user_id?: string;
  order: 'relevance' | 'newest' | 'active' | 'score';
  /** `hasaccepted:` (questions). */
  question_accepted: SearchAccepted;
  /** `isaccepted:` (answers). */
  answer_accepted: SearchAccepted;
  /** `inquestion:` (answers of one question). */
  question_id?: string;
  vote_amount?: number;
  view_amount?: number;
  answer_amount?: number;
}

export interface SearchHitRef {
  id: string;
  type: 'question' | 'answer';
}

/**
 * What a search plugin indexes of one public post (the peer's SearchContent): the text as
 * plain text, the question's tag ids, and the numbers `SearchCond` narrows by. Answers carry
 * their question's id and an empty title.
 */
export interface SearchDocument {
  id: string;
  type: 'question' | 'answer';
  question_id: string;
  title: string;
  content: string;
  tag_ids: string[];
  user_id: string;
  vote_count: number;
  view_count: number;
  answer_count: number;
  /** A question: whether it has an accepted answer; an answer: whether it is the accepted one. */
  accepted: boolean;
  /** Unix seconds. */
  created_at: number;
  active_at: number;
}

/**
 * A search plugin answers searches in place of the built-in index. It returns post ids, best
 * first, and how many match; the host loads those posts and drops any the reader may not see
 * (deleted, pending, unlisted), so a plugin's own index can never leak a hidden post.
 *
 * Its index is fed by the host: when the admin switches the plugin on, every public post is
 * pushed through `updateContent`; after that each post whose text, tags, status or
 * visibility changes (and a question when its answers change) is pushed again, or through
 * `deleteContent` once nobody may see it. Pushes come after the change commits, from a
 * durable queue: a push that throws is retried with backoff, so both must be idempotent.
 */
export interface SearchContract {
  kind: 'search';
  search(cond: SearchCond): Promise<{ results: SearchHitRef[]; total: number }>;
  /** The attribution shown under results (`search/desc`). */
  description: { name: string; icon: string; link: string };
  /** Adds or replaces a post's document. */
  updateContent(doc: SearchDocument): Promise<void>;
  /** Removes a post's document (it was deleted, held, unlisted or its question was). */
  deleteContent(ref: SearchHitRef): Promise<void>;
}

export interface EditorContract {
  kind: 'editor';
  /** Toolbar items the editor adds; each inserts markdown around the selection. */
  toolbar: { id: string; label_key: string; before: string; after: string }[];
}

/** The element holding rendered post HTML (a preview or a post body), as plugins see it. */
export interface RenderTarget {
  querySelectorAll(selector: string): ArrayLike<unknown>;
}

/**
 * An editor plugin's browser side (spec: editor plugins provide a `useRender` hook). The web
 * app's editor reads activated plugins from its registry: their toolbar items join the
 * toolbar, and each `useRender` runs over rendered HTML after it is placed in the page (every
 * activated plugin's, in order). It may return a clean-up run before the next render.
 */
export interface EditorPlugin<Target extends RenderTarget = RenderTarget> extends EditorContract {
  slug_name: string;
  useRender?(target: Target): void | (() => void);
}

export interface RouteContract {
  kind: 'route';
  /** Path under the side-navigation layout; answers 404 while the plugin is disabled. */
  path: string;
}

export interface CaptchaContract {
  kind: 'captcha';
  /** A new challenge: its id and an image (data URL or SVG). */
  create(): Promise<{ captcha_id: string; captcha_img: string; answer: string }>;
  /** Checks a code; the host keeps codes single-use and expiring. */
  verify(expected: string, given: string): boolean;
}

/** What a reviewer is shown of a new post (peer facts 5.1: object, text, author's standing). */
export interface ReviewContent {
  object_type: 'question' | 'answer' | 'comment';
  title: string;
  /** The post's rendered HTML. */
  content: string;
  tags: string[];
  ip: string;
  user_agent: string;
  language: string;
  author: { rank: number; role: number; approved_question_amount: number; approved_answer_amount: number };
}

/**
 * A reviewer decides whether a new question, answer or comment is published, held for staff
 * (`need_review`, it waits in the queued-post queue) or stored as deleted. Every active reviewer
 * is asked, the built-in one (`hold_posts_below_rank`) first; the strictest verdict wins, so a
 * spam plugin can add to the built-in rule, and replaces it when the admin sets the rank to 0.
 */
export type ReviewVerdict = 'pass' | 'need_review' | 'delete_directly';
export interface ReviewerContract {
  kind: 'reviewer';
  review(content: ReviewContent): Promise<{ verdict: ReviewVerdict; reason?: string }>;
}

export type PluginContract =
  ConnectorContract | SearchContract | EditorContract | RouteContract | CaptchaContract | ReviewerContract;

export interface PluginDefinition<C extends PluginContract = PluginContract> {
  manifest: PluginManifest & { type: C['kind'] };
  server?: (host: PluginHost) => C | Promise<C>;
}

/** Declares a plugin; refuses one without a slug_name or a known type. */
export function definePlugin<C extends PluginContract>(definition: PluginDefinition<C>): PluginDefinition<C> {
  const { slug_name, type } = definition.manifest;
  if (!slug_name || !(PLUGIN_KINDS as readonly string[]).includes(type)) {
    throw new Error(`A plugin needs a slug_name and one of the types ${PLUGIN_KINDS.join(', ')}`);
  }
  return definition;
}
