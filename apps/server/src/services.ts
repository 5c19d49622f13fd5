import type { SearchContract } from '@inquire/plugin-sdk';
import { BUILTIN_PLUGINS } from './modules/plugins/builtin-plugins.js';
import type { InstalledPlugin } from './modules/plugins/installed-plugin.js';
import { PluginsService } from './modules/plugins/plugins.service.js';
import { SearchFeed } from './modules/search/search-feed.js';
import type { SiteRuntime } from './infra/site.js';
import { AccountsService } from './modules/accounts/accounts.service.js';
import { ConnectorsService } from './modules/connectors/connectors.service.js';
import { AnswersService } from './modules/answers/answers.service.js';
import { AuthService } from './modules/auth/auth.service.js';
import { CaptchaService } from './modules/captcha/captcha.service.js';
import { RateLimiter } from './modules/captcha/rate-limit.js';
import { WriteLimits } from './modules/captcha/write-limits.js';
import { SearchService } from './modules/search/search.service.js';
import { BookmarksService } from './modules/bookmarks/bookmarks.service.js';
import { CommentsService } from './modules/comments/comments.service.js';
import { FollowsService } from './modules/follows/follows.service.js';
import { InstallService } from './modules/install/install.service.js';
import { MailService } from './modules/mail/mail.service.js';
import { PeopleService } from './modules/people/people.service.js';
import { UploadsService } from './modules/uploads/uploads.service.js';
import { QuestionsService } from './modules/questions/questions.service.js';
import { SiteinfoService } from './modules/siteinfo/siteinfo.service.js';
import { TagsService } from './modules/tags/tags.service.js';
import { VotesService } from './modules/votes/votes.service.js';
import { InvitesService } from './modules/invites/invites.service.js';
import { NotificationsService } from './modules/notifications/notifications.service.js';
import { LiveService } from './modules/notifications/live.service.js';
import { NotificationEmailsService } from './modules/notifications/notification-emails.service.js';
import { ReactionsService } from './modules/reactions/reactions.service.js';
import { RelatedService } from './modules/related/related.service.js';
import { OperationsService } from './modules/operations/operations.service.js';
import { RevisionsService } from './modules/revisions/revisions.service.js';
import { TimelineService } from './modules/timeline/timeline.service.js';
import { QuestionPageService } from './modules/pages/question-page.service.js';
import { FlagsService } from './modules/moderation/flags.service.js';
import { ReviewTypesService } from './modules/moderation/review-types.service.js';
import { HeldPostsService } from './modules/moderation/held-posts.service.js';
import { AppealsService } from './modules/moderation/appeals.service.js';

/** Every service of the app, built once per app so routes, jobs and tests share them. */
export interface Services {
  mail: MailService;
  captcha: CaptchaService;
  writeLimits: WriteLimits;
  search: SearchService;
  /** Installed plugins: built-in and operator-installed, each with its switch and settings. */
  plugins: PluginsService;
  /** Pushes post changes to the active search plugin's own index. */
  searchFeed: SearchFeed;
  accounts: AccountsService;
  /** External sign-in through connector plugins. */
  connectors: ConnectorsService;
  people: PeopleService;
  uploads: UploadsService;
  siteinfo: SiteinfoService;
  auth: AuthService;
  install: InstallService;
  questions: QuestionsService;
  answers: AnswersService;
  votes: VotesService;
  follows: FollowsService;
  bookmarks: BookmarksService;
  comments: CommentsService;
  reactions: ReactionsService;
  invites: InvitesService;
  notifications: NotificationsService;
  live: LiveService;
  notificationEmails: NotificationEmailsService;
  related: RelatedService;
  tags: TagsService;
  revisions: RevisionsService;
  operations: OperationsService;
  timeline: TimelineService;
  questionPage: QuestionPageService;
  flags: FlagsService;
  reviewTypes: ReviewTypesService;
  heldPosts: HeldPostsService;
  appeals: AppealsService;
}

export interface ServiceOptions {
  /** See AppOptions.writeLimits. */
  writeLimits?: boolean;
  /** See AppOptions.searchPlugin. */
  searchPlugin?: InstalledPlugin<SearchContract>;
}

export function createServices(site: SiteRuntime, options: ServiceOptions = {}): Services {
  const siteinfo = new SiteinfoService(site);
  const auth = new AuthService(site, siteinfo);
  const mail = new MailService(site);
  const captcha = new CaptchaService(site);
  const limits = new RateLimiter(() => site.db);
  const questions = new QuestionsService(site, siteinfo);
  const revisions = new RevisionsService(site, siteinfo, questions, mail);
  const answers = new AnswersService(site, siteinfo);
  const comments = new CommentsService(site, siteinfo);
  const reactions = new ReactionsService(site);
  const invites = new InvitesService(site, siteinfo);
  const related = new RelatedService(site);
  const notifications = new NotificationsService(site, siteinfo);
  const operations = new OperationsService(site);
  const installed = options.searchPlugin ? [options.searchPlugin.manifest] : [];
  const plugins = new PluginsService(site, [...BUILTIN_PLUGINS, ...installed]);
  const flags = new FlagsService(site, siteinfo, { operations, revisions, comments });
  // Each outbox pass first merges due notification items into emails (one per receiver and digest).
  const notificationEmails = new NotificationEmailsService(site, siteinfo, mail);
  mail.addComposer(() => notificationEmails.composeDue());
  const accounts = new AccountsService(site, siteinfo, auth, mail, captcha, limits);
  const connectors = new ConnectorsService(site, siteinfo, auth, accounts, plugins, limits);
  // The activation page also takes the mailed "connect this login to your account" code.
  accounts.onLinkFollowed('bind_external', (trx, used, now, proof) =>
    connectors.followBindingLink(trx, used, now, proof),
  );
  return {
    siteinfo,
    auth,
    mail,
    captcha,
    writeLimits: new WriteLimits(site, captcha, options.writeLimits ?? true),
    search: new SearchService(site, siteinfo, plugins, options.searchPlugin),
    plugins,
    searchFeed: new SearchFeed(site, plugins, options.searchPlugin),
    accounts,
    connectors,
    people: new PeopleService(site, siteinfo),
    uploads: new UploadsService(site, siteinfo),
    install: new InstallService(site, siteinfo),
    questions,
    answers,
    votes: new VotesService(site),
    follows: new FollowsService(site),
    bookmarks: new BookmarksService(site),
    comments,
    reactions,
    invites,
    notifications,
    live: new LiveService(site, notifications),
    notificationEmails,
    related,
    tags: new TagsService(site, siteinfo),
    revisions,
    operations,
    timeline: new TimelineService(site, siteinfo, revisions),
    questionPage: new QuestionPageService(site, { questions, answers, comments, reactions, invites, related }),
    flags,
    reviewTypes: new ReviewTypesService(site),
    heldPosts: new HeldPostsService(site, siteinfo),
    appeals: new AppealsService(site, siteinfo),
  };
}
