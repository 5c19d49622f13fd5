import type { AdminSettingsPath, TagDetail } from '@inquire/shared';
import { questionPath } from '@inquire/shared';
import type { ComponentType } from 'react';
import { data, type RouteObject } from 'react-router';
import { MainLayout } from '../layouts/main-layout';
import { RootLayout } from '../layouts/root-layout';
import { SideLayout, sideLayoutLoader } from '../layouts/side-layout';
import { ErrorPage, RouteErrorPage } from '../pages/error-page';
import type { QuestionPageData } from '../pages/questions/question-page';
import type { ProfilePageData } from '../pages/people/profile-page';
import type { SearchPageData } from '../pages/search/search-page';
import { guarded, inBrowser, notBuilt, type GuardKind } from './guards';
import type { RouteHandle } from './head';
import { loadSession } from './session';
import { withChunkTimeout } from '../lib/chunk';

// Code splitting by route: the layouts, guards and error pages ship in the entry chunk; each
// page comes in its own chunk, fetched when its route is first matched (`lazy`). The server
// render resolves the matched routes before rendering, and the browser before hydrating
// (entry-client.tsx), so the first render in the browser matches the server's HTML. A chunk
// that has not come in 120 s fails its route onto the error page (withChunkTimeout, lib/chunk.ts).
const questionListPage = () => withChunkTimeout(import('../pages/questions/question-list-page'));
const questionPage = () => withChunkTimeout(import('../pages/questions/question-page'));
const relatedQuestions = () => withChunkTimeout(import('../pages/questions/related-questions'));
const tagPage = () => withChunkTimeout(import('../pages/tags/tag-page'));
const tagInfoPage = () => withChunkTimeout(import('../pages/tags/tag-info-page'));
const profilePage = () => withChunkTimeout(import('../pages/people/profile-page'));
const legalPage = () => withChunkTimeout(import('../pages/legal-page'));
const searchPage = () => withChunkTimeout(import('../pages/search/search-page'));
const connectorPages = () => withChunkTimeout(import('../pages/users/connector-pages'));
const settingsPages = {
  layout: () => withChunkTimeout(import('../pages/users/settings/settings-layout')),
  profile: () => withChunkTimeout(import('../pages/users/settings/profile-settings')),
  account: () => withChunkTimeout(import('../pages/users/settings/account-settings')),
  notify: () => withChunkTimeout(import('../pages/users/settings/notify-settings')),
  interface: () => withChunkTimeout(import('../pages/users/settings/interface-settings')),
};

const adminSettingsPages = () => withChunkTimeout(import('../pages/admin/settings-pages'));
type AdminSettingsPage = Extract<keyof Awaited<ReturnType<typeof adminSettingsPages>>, `${string}SettingsPage`>;

/** An admin settings page (spec section 2): its section's admin call loads and saves it. */
const adminSettingsRoute = (
  section: AdminSettingsPath,
  page: AdminSettingsPage,
  path: string = section,
): RouteObject => ({
  path,
  lazy: () =>
    adminSettingsPages().then((m) => ({
      loader: guarded('admin', m.settingsLoader(section)),
      Component: m[page],
    })),
  handle: handle(({ t }) => ({ title: t(`ui.admin.${section === 'users' ? 'settings_users' : section}.title`) })),
});

const later = (path: string, kind: GuardKind = 'public'): RouteObject => ({
  path,
  loader: notBuilt(kind),
  Component: NotFound,
});

/** What a route without its page shows: its loader answers 404, so this is the 404 page. */
function NotFound() {
  return <ErrorPage status={404} />;
}

const handle = (head: RouteHandle['head']): RouteHandle => ({ head });

/**
 * The chunks of the pages people land on from outside (lists, a question, a tag, a profile,
 * search), named as the build's manifest names their sources: the server preloads them with
 * the entry (RouteHandle.chunks). `app/page-chunks.test.ts` checks each is a real file.
 */
export const PAGE_CHUNKS = {
  questionList: 'src/pages/questions/question-list-page.tsx',
  question: 'src/pages/questions/question-page.tsx',
  related: 'src/pages/questions/related-questions.tsx',
  tags: 'src/pages/tags/tags-page.tsx',
  tag: 'src/pages/tags/tag-page.tsx',
  tagInfo: 'src/pages/tags/tag-info-page.tsx',
  users: 'src/pages/people/users-page.tsx',
  profile: 'src/pages/people/profile-page.tsx',
  search: 'src/pages/search/search-page.tsx',
} as const;

// These pages are read (their forms load schemas and strings when sent): they also come with
// only the strings they show (RouteHandle.pageStrings).
const withChunks = (routeHandle: RouteHandle, ...chunks: string[]): RouteHandle => ({
  ...routeHandle,
  chunks,
  pageStrings: true,
});

// A page whose loader failed (404) has no data; its error page keeps the site's title.
const profileHandle = handle(({ data }) => {
  if (!data) return {};
  const { profile, tab } = data as ProfilePageData;
  const base = `/users/${encodeURIComponent(profile.username)}`;
  return {
    title: profile.display_name,
    canonicalPath: tab === 'overview' ? base : `${base}/${tab}`,
    ogType: 'profile',
  };
});

/** The question page's head and aside: built from its lazily loaded modules. */
const questionHandle = (
  RelatedQuestions: ComponentType<{ list: QuestionPageData['interactions']['related']; permalink: number }>,
): RouteHandle => ({
  ...handle(({ data }) => {
    if (!data) return {};
    const page = data as QuestionPageData;
    return {
      title: page.question.title,
      description: page.question.description,
      canonicalPath: questionPath(page.question, page.permalink),
      ogType: 'article',
    };
  }),
  aside: (data) => {
    const page = data as QuestionPageData | undefined;
    return page ? <RelatedQuestions key="related" list={page.interactions.related} permalink={page.permalink} /> : null;
  },
});

/** Search results: the query in the title, kept out of search engines' indexes; tips beside them. */
const searchHandle = (SearchAside: ComponentType<{ data: SearchPageData }>): RouteHandle => ({
  ...handle(({ t, data }) => {
    const q = (data as SearchPageData | undefined)?.q;
    return { title: q ? t('ui.search.results_for', { q }) : t('ui.search.title'), robots: 'noindex' };
  }),
  aside: (data) => (data ? <SearchAside key="search-tips" data={data as SearchPageData} /> : null),
});

// A tag's pages: its name as the title, the main tag's address as the canonical one.
const tagHandle = (sub: string) =>
  handle(({ data }) => {
    if (!data) return {};
    const { tag } = data as { tag: TagDetail };
    return {
      title: tag.display_name,
      description: tag.excerpt,
      canonicalPath: `/tags/${encodeURIComponent(tag.slug_name)}${sub}`,
    };
  });

/**
 * The spec's whole route table (section 2) with its guards (section 4). Routes whose
 * pages belong to later work keep their guard and answer 404 until built.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    // The browser never runs it (guards.ts, inBrowser): the session's readers stay on the server.
    loader: import.meta.env.SSR ? ({ context }) => loadSession(context) : inBrowser,
    element: <RootLayout />,
    errorElement: <RouteErrorPage standalone />,
    shouldRevalidate: () => true,
    children: [
      // Standalone pages.
      {
        path: 'install',
        lazy: () =>
          withChunkTimeout(import('../pages/install/install-page')).then((m) => ({
            loader: m.installLoader,
            Component: m.InstallPage,
          })),
        handle: handle(({ t }) => ({ title: t('ui.install.title') })),
      },
      {
        path: 'maintenance',
        lazy: () =>
          withChunkTimeout(import('../pages/maintenance-page')).then((m) => ({ Component: m.MaintenancePage })),
        handle: handle(({ t }) => ({ title: t('ui.maintenance.title') })),
      },
      {
        element: <MainLayout />,
        children: [
          {
            errorElement: <RouteErrorPage />,
            children: [
              {
                loader: guarded('public', sideLayoutLoader),
                element: <SideLayout />,
                children: [
                  {
                    index: true,
                    lazy: () =>
                      questionListPage().then((m) => ({
                        loader: guarded('public', m.questionListLoader),
                        Component: m.QuestionListPage,
                      })),
                    handle: withChunks(
                      handle(({ t }) => ({ title: undefined, description: t('ui.questions.all') })),
                      PAGE_CHUNKS.questionList,
                    ),
                  },
                  {
                    path: 'questions',
                    lazy: () =>
                      questionListPage().then((m) => ({
                        loader: guarded('public', m.questionListLoader),
                        Component: m.QuestionListPage,
                      })),
                    handle: withChunks(
                      handle(({ t }) => ({ title: t('ui.questions.title') })),
                      PAGE_CHUNKS.questionList,
                    ),
                  },
                  {
                    path: 'questions/ask',
                    loader: guarded('activated'),
                    lazy: () =>
                      withChunkTimeout(import('../pages/questions/ask-page')).then((m) => ({ Component: m.AskPage })),
                    handle: handle(({ t }) => ({ title: t('ui.ask.title') })),
                  },
                  ...['questions/:qid', 'questions/:qid/:slugPermalink', 'questions/:qid/:slugPermalink/:aid'].map(
                    (path) => ({
                      path,
                      lazy: async () => {
                        const [m, related] = await Promise.all([questionPage(), relatedQuestions()]);
                        return {
                          loader: guarded('public', m.questionPageLoader),
                          Component: m.QuestionPage,
                          handle: withChunks(
                            questionHandle(related.RelatedQuestions),
                            PAGE_CHUNKS.question,
                            PAGE_CHUNKS.related,
                          ),
                        };
                      },
                    }),
                  ),
                  {
                    path: 'posts/:qid/edit',
                    lazy: () =>
                      withChunkTimeout(import('../pages/curation/edit-question-page')).then((m) => ({
                        loader: guarded('activated', m.editQuestionLoader),
                        Component: m.EditQuestionPage,
                      })),
                    handle: handle(({ t }) => ({ title: t('ui.curation.edit_question') })),
                  },
                  {
                    path: 'posts/:qid/:aid/edit',
                    lazy: () =>
                      withChunkTimeout(import('../pages/curation/edit-answer-page')).then((m) => ({
                        loader: guarded('activated', m.editAnswerLoader),
                        Component: m.EditAnswerPage,
                      })),
                    handle: handle(({ t }) => ({ title: t('ui.curation.edit_answer') })),
                  },
                  ...['posts/:qid/timeline', 'posts/:qid/:aid/timeline'].map((path) => ({
                    path,
                    lazy: () =>
                      withChunkTimeout(import('../pages/curation/timeline-page')).then((m) => ({
                        loader: guarded('login', m.timelineLoader),
                        Component: m.TimelinePage,
                      })),
                    handle: handle(({ t }) => ({ title: t('ui.curation.timeline') })),
                  })),
                  {
                    // The guard for cached-search-engine visits is in searchPageLoader.
                    path: 'search',
                    lazy: () =>
                      searchPage().then((m) => ({
                        loader: guarded('public', m.searchPageLoader),
                        Component: m.SearchPage,
                        handle: withChunks(searchHandle(m.SearchAside), PAGE_CHUNKS.search),
                      })),
                  },
                  {
                    path: 'tags',
                    lazy: () =>
                      withChunkTimeout(import('../pages/tags/tags-page')).then((m) => ({
                        loader: guarded('public', m.tagsPageLoader),
                        Component: m.TagsPage,
                      })),
                    handle: withChunks(
                      handle(({ t }) => ({ title: t('ui.tags.title') })),
                      PAGE_CHUNKS.tags,
                    ),
                  },
                  {
                    path: 'tags/create',
                    loader: guarded('staff'),
                    lazy: () =>
                      withChunkTimeout(import('../pages/tags/create-tag-page')).then((m) => ({
                        Component: m.CreateTagPage,
                      })),
                    handle: handle(({ t }) => ({ title: t('ui.tags.create_title') })),
                  },
                  {
                    path: 'tags/:tagName',
                    lazy: () =>
                      tagPage().then((m) => ({
                        loader: guarded('public', m.tagPageLoader),
                        Component: m.TagPage,
                      })),
                    handle: withChunks(tagHandle(''), PAGE_CHUNKS.tag),
                  },
                  {
                    path: 'tags/:tagName/info',
                    lazy: () =>
                      tagInfoPage().then((m) => ({
                        loader: guarded('public', m.tagInfoLoader),
                        Component: m.TagInfoPage,
                      })),
                    handle: withChunks(tagHandle('/info'), PAGE_CHUNKS.tagInfo),
                  },
                  {
                    path: 'tags/:tagId/edit',
                    lazy: () =>
                      withChunkTimeout(import('../pages/curation/edit-tag-page')).then((m) => ({
                        loader: guarded('activated', m.editTagLoader),
                        Component: m.EditTagPage,
                      })),
                    handle: handle(({ t }) => ({ title: t('ui.curation.edit_tag') })),
                  },
                  {
                    path: 'tags/:tid/timeline',
                    lazy: () =>
                      withChunkTimeout(import('../pages/curation/timeline-page')).then((m) => ({
                        loader: guarded('login', m.timelineLoader),
                        Component: m.TimelinePage,
                      })),
                    handle: handle(({ t }) => ({ title: t('ui.curation.timeline') })),
                  },
                  {
                    path: 'users',
                    lazy: () =>
                      withChunkTimeout(import('../pages/people/users-page')).then((m) => ({
                        loader: guarded('public', m.usersPageLoader),
                        Component: m.UsersPage,
                      })),
                    handle: withChunks(
                      handle(({ t }) => ({ title: t('ui.people.title') })),
                      PAGE_CHUNKS.users,
                    ),
                  },
                  {
                    path: 'users/settings',
                    loader: guarded('login'),
                    lazy: () => settingsPages.layout().then((m) => ({ Component: m.SettingsLayout })),
                    handle: handle(({ t }) => ({ title: t('ui.account.settings.title') })),
                    children: [
                      {
                        index: true,
                        loader: guarded('login'),
                        lazy: () => settingsPages.profile().then((m) => ({ Component: m.ProfileSettings })),
                      },
                      {
                        path: 'profile',
                        loader: guarded('login'),
                        lazy: () => settingsPages.profile().then((m) => ({ Component: m.ProfileSettings })),
                      },
                      {
                        path: 'notify',
                        lazy: () =>
                          settingsPages.notify().then((m) => ({
                            loader: guarded('activated', m.notifySettingsLoader),
                            Component: m.NotifySettings,
                          })),
                      },
                      {
                        path: 'account',
                        lazy: () =>
                          settingsPages.account().then((m) => ({
                            loader: guarded('login', m.accountSettingsLoader),
                            Component: m.AccountSettings,
                          })),
                      },
                      {
                        path: 'interface',
                        lazy: () =>
                          settingsPages.interface().then((m) => ({
                            loader: guarded('login', m.interfaceSettingsLoader),
                            Component: m.InterfaceSettings,
                          })),
                      },
                      later(':tab', 'login'),
                    ],
                  },
                  ...['users/notifications/:type', 'users/notifications/:type/:subType'].map((path) => ({
                    path,
                    lazy: () =>
                      withChunkTimeout(import('../pages/notifications/notifications-page')).then((m) => ({
                        // The calls need an activated account; a guest signs in first.
                        loader: guarded('activated', m.notificationsLoader),
                        Component: m.NotificationsPage,
                      })),
                    handle: handle(({ t }) => ({ title: t('ui.notifications.title'), robots: 'noindex' })),
                  })),
                  ...['users/:username', 'users/:username/:tabName'].map((path) => ({
                    path,
                    lazy: () =>
                      profilePage().then((m) => ({
                        loader: guarded('public', m.profilePageLoader),
                        Component: m.ProfilePage,
                      })),
                    handle: withChunks(profileHandle, PAGE_CHUNKS.profile),
                  })),
                  {
                    path: 'review',
                    lazy: () =>
                      withChunkTimeout(import('../pages/moderation/review-page')).then((m) => ({
                        // Staff, and auditors for the suggested edits: the loader answers the 403 page to
                        // a member the server offers no queue (the server refuses the queues too).
                        loader: guarded('activated', m.reviewLoader),
                        Component: m.ReviewPage,
                      })),
                    handle: handle(({ t }) => ({ title: t('ui.review.title'), robots: 'noindex' })),
                  },
                ],
              },
              // Auth and account pages: inside the main layout, outside the side layout.
              {
                path: 'users/login',
                lazy: () =>
                  withChunkTimeout(import('../pages/login-page')).then((m) => ({
                    loader: guarded('guestOrInactive', m.loginLoader),
                    Component: m.LoginPage,
                  })),
                handle: handle(({ t, session }) => ({
                  title: t('ui.login.title', { site: session.site.general.name }),
                })),
              },
              {
                path: 'users/logout',
                loader: guarded('signedIn'),
                lazy: () => withChunkTimeout(import('../pages/logout-page')).then((m) => ({ Component: m.LogoutPage })),
                handle: handle(({ t }) => ({ title: t('ui.logout.title') })),
              },
              {
                path: 'users/register',
                loader: guarded('guest'),
                lazy: () =>
                  withChunkTimeout(import('../pages/users/register-page')).then((m) => ({ Component: m.RegisterPage })),
                handle: handle(({ t, session }) => ({
                  title: t('ui.account.register.title', { site: session.site.general.name }),
                })),
              },
              {
                path: 'users/account-recovery',
                loader: guarded('guest'),
                lazy: () =>
                  withChunkTimeout(import('../pages/users/recovery-pages')).then((m) => ({
                    Component: m.AccountRecoveryPage,
                  })),
                handle: handle(({ t }) => ({ title: t('ui.account.recovery.title') })),
              },
              {
                path: 'users/change-email',
                loader: guarded('public'),
                lazy: () =>
                  withChunkTimeout(import('../pages/users/email-pages')).then((m) => ({
                    Component: m.ChangeEmailPage,
                  })),
                handle: handle(({ t }) => ({ title: t('ui.account.email.title') })),
              },
              {
                path: 'users/password-reset',
                loader: guarded('public'),
                lazy: () =>
                  withChunkTimeout(import('../pages/users/recovery-pages')).then((m) => ({
                    Component: m.PasswordResetPage,
                  })),
                handle: handle(({ t }) => ({ title: t('ui.account.reset.title') })),
              },
              {
                path: 'users/account-activation',
                loader: guarded('public'),
                lazy: () =>
                  withChunkTimeout(import('../pages/users/activation-pages')).then((m) => ({
                    Component: m.AccountActivationPage,
                  })),
                handle: handle(({ t }) => ({ title: t('ui.account.activation.title') })),
              },
              {
                path: 'users/account-activation/success',
                loader: guarded('activatedOnly'),
                lazy: () =>
                  withChunkTimeout(import('../pages/users/activation-pages')).then((m) => ({
                    Component: m.ActivationSuccessPage,
                  })),
                handle: handle(({ t }) => ({ title: t('ui.account.activation.success_title') })),
              },
              {
                path: 'users/account-activation/failed',
                loader: guarded('inactiveOnly'),
                lazy: () =>
                  withChunkTimeout(import('../pages/users/activation-pages')).then((m) => ({
                    Component: m.ActivationFailed,
                  })),
                handle: handle(({ t }) => ({ title: t('ui.account.activation.failed_title') })),
              },
              {
                path: 'users/confirm-new-email',
                loader: guarded('public'),
                lazy: () =>
                  withChunkTimeout(import('../pages/users/email-pages')).then((m) => ({
                    Component: m.ConfirmNewEmailPage,
                  })),
                handle: handle(({ t }) => ({ title: t('ui.account.confirm_email.title') })),
              },
              {
                path: 'users/account-suspended',
                loader: guarded('suspendedOnly'),
                lazy: () =>
                  withChunkTimeout(import('../pages/users/suspended-page')).then((m) => ({
                    Component: m.AccountSuspendedPage,
                  })),
                handle: handle(({ t }) => ({ title: t('ui.account.suspended.title') })),
              },
              // External sign-in (connector plugins): a guest's pages, a private site's too (guards.ts).
              {
                path: 'users/confirm-email',
                loader: guarded('public'),
                lazy: () => connectorPages().then((m) => ({ Component: m.ConfirmEmailPage })),
                handle: handle(({ t }) => ({ title: t('ui.connectors.confirm_email.title'), robots: 'noindex' })),
              },
              {
                path: 'users/auth-landing',
                loader: guarded('public'),
                lazy: () => connectorPages().then((m) => ({ Component: m.AuthLandingPage })),
                handle: handle(({ t }) => ({ title: t('ui.connectors.landing.title'), robots: 'noindex' })),
              },
              {
                path: 'users/unsubscribe',
                loader: guarded('public'),
                lazy: () =>
                  withChunkTimeout(import('../pages/users/unsubscribe-page')).then((m) => ({
                    Component: m.UnsubscribePage,
                  })),
                handle: handle(({ t }) => ({ title: t('ui.unsubscribe.title') })),
              },
              later('user-center/auth', 'guest'),
              later('user-center/auth-failed'),
              // Other layout.
              {
                path: 'tos',
                lazy: () =>
                  legalPage().then((m) => ({
                    loader: guarded('public', m.legalLoader('tos')),
                    Component: () => <m.LegalPage kind="tos" />,
                  })),
                handle: handle(({ t }) => ({ title: t('ui.legal.tos_title') })),
              },
              {
                path: 'privacy',
                lazy: () =>
                  legalPage().then((m) => ({
                    loader: guarded('public', m.legalLoader('privacy')),
                    Component: () => <m.LegalPage kind="privacy" />,
                  })),
                handle: handle(({ t }) => ({ title: t('ui.legal.privacy_title') })),
              },
              { path: '403', loader: guarded('public', () => refuse(403)), Component: NotFound },
              // The admin area: admins only; pages not built yet answer 404 past the guard.
              {
                path: 'admin',
                loader: guarded('admin'),
                lazy: () =>
                  withChunkTimeout(import('../layouts/admin-layout')).then((m) => ({ Component: m.AdminLayout })),
                children: [
                  {
                    index: true,
                    lazy: () =>
                      withChunkTimeout(import('../pages/admin/dashboard-page')).then((m) => ({
                        loader: guarded('admin', m.dashboardLoader),
                        Component: m.DashboardPage,
                      })),
                    handle: handle(({ t }) => ({ title: t('ui.admin.dashboard.title') })),
                  },
                  {
                    path: 'questions',
                    lazy: () =>
                      withChunkTimeout(import('../pages/admin/content-pages')).then((m) => ({
                        loader: guarded('admin', m.adminQuestionsLoader),
                        Component: m.AdminQuestionsPage,
                      })),
                    handle: handle(({ t }) => ({ title: t('ui.admin.content.questions_title') })),
                  },
                  {
                    path: 'answers',
                    lazy: () =>
                      withChunkTimeout(import('../pages/admin/content-pages')).then((m) => ({
                        loader: guarded('admin', m.adminAnswersLoader),
                        Component: m.AdminAnswersPage,
                      })),
                    handle: handle(({ t }) => ({ title: t('ui.admin.content.answers_title') })),
                  },
                  {
                    path: 'installed-plugins',
                    lazy: () =>
                      withChunkTimeout(import('../pages/admin/plugins-page')).then((m) => ({
                        loader: guarded('admin', m.pluginsLoader),
                        Component: m.PluginsPage,
                      })),
                    handle: handle(({ t }) => ({ title: t('ui.admin.plugins.title') })),
                  },
                  {
                    path: 'themes',
                    lazy: () =>
                      withChunkTimeout(import('../pages/admin/themes-page')).then((m) => ({
                        loader: guarded('admin', m.themesLoader),
                        Component: m.ThemesPage,
                      })),
                    handle: handle(({ t }) => ({ title: t('ui.admin.themes.title') })),
                  },
                  {
                    path: 'smtp',
                    lazy: () =>
                      withChunkTimeout(import('../pages/admin/smtp-page')).then((m) => ({
                        loader: guarded('admin', m.smtpLoader),
                        Component: m.SmtpPage,
                      })),
                    handle: handle(({ t }) => ({ title: t('ui.admin.smtp.title') })),
                  },
                  adminSettingsRoute('general', 'GeneralSettingsPage'),
                  adminSettingsRoute('interface', 'InterfaceSettingsPage'),
                  adminSettingsRoute('legal', 'LegalSettingsPage'),
                  adminSettingsRoute('write', 'WriteSettingsPage'),
                  adminSettingsRoute('seo', 'SeoSettingsPage'),
                  adminSettingsRoute('login', 'LoginSettingsPage'),
                  adminSettingsRoute('users', 'UsersSettingsPage', 'settings-users'),
                  {
                    path: 'branding',
                    lazy: () =>
                      Promise.all([
                        adminSettingsPages(),
                        withChunkTimeout(import('../pages/admin/branding-page')),
                      ]).then(([m, page]) => ({
                        loader: guarded('admin', m.settingsLoader('branding')),
                        Component: page.BrandingSettingsPage,
                      })),
                    handle: handle(({ t }) => ({ title: t('ui.admin.branding.title') })),
                  },
                  {
                    path: 'css-html',
                    lazy: () =>
                      Promise.all([
                        adminSettingsPages(),
                        withChunkTimeout(import('../pages/admin/css-html-page')),
                      ]).then(([m, page]) => ({
                        loader: guarded('admin', m.settingsLoader('custom-css-html')),
                        Component: page.CssHtmlSettingsPage,
                      })),
                    handle: handle(({ t }) => ({ title: t('ui.admin.css_html.title') })),
                  },
                  {
                    path: 'privileges',
                    lazy: () =>
                      withChunkTimeout(import('../pages/admin/privileges-page')).then((m) => ({
                        loader: guarded('admin', m.privilegesLoader),
                        Component: m.PrivilegesSettingsPage,
                      })),
                    handle: handle(({ t }) => ({ title: t('ui.admin.privileges.title') })),
                  },
                  {
                    path: 'users',
                    lazy: () =>
                      withChunkTimeout(import('../pages/admin/users-page')).then((m) => ({
                        loader: guarded('admin', m.adminUsersLoader),
                        Component: m.AdminUsersPage,
                      })),
                    handle: handle(({ t }) => ({ title: t('ui.admin.users.title') })),
                  },
                  {
                    path: 'users/:userId',
                    lazy: () =>
                      withChunkTimeout(import('../pages/admin/users-page')).then((m) => ({
                        loader: guarded('admin', m.adminUserLoader),
                        Component: m.AdminUserPage,
                      })),
                    handle: handle(({ t }) => ({ title: t('ui.admin.users.title') })),
                  },
                  {
                    path: 'design',
                    loader: guarded('admin'),
                    lazy: () =>
                      withChunkTimeout(import('../pages/admin/design-gallery-page')).then((m) => ({
                        Component: m.DesignGalleryPage,
                      })),
                    handle: handle(({ t }) => ({ title: t('ui.design.title') })),
                  },
                  // A plugin's settings at /admin/{slug_name} (spec section 2): 404 for a name no plugin has.
                  {
                    path: ':slugName',
                    lazy: () =>
                      withChunkTimeout(import('../pages/admin/plugins-page')).then((m) => ({
                        loader: guarded('admin', m.pluginConfigLoader),
                        Component: m.PluginConfigPage,
                      })),
                    handle: handle(({ t }) => ({ title: t('ui.admin.plugins.title') })),
                  },
                  later('*', 'admin'),
                ],
              },
              { path: '*', loader: guarded('public', () => refuse(404)), Component: NotFound },
            ],
          },
        ],
      },
    ],
  },
];

/** The /403 route and unknown paths render their error page with that HTTP status. */
function refuse(status: 403 | 404): never {
  throw data(null, { status });
}
