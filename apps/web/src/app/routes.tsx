import type { TagDetail } from '@inquire/shared';
import { data, type RouteObject } from 'react-router';
import { AdminLayout } from '../layouts/admin-layout';
import { MainLayout } from '../layouts/main-layout';
import { RootLayout } from '../layouts/root-layout';
import { SideLayout, sideLayoutLoader } from '../layouts/side-layout';
import { DesignGalleryPage } from '../pages/admin/design-gallery-page';
import { SmtpPage, smtpLoader } from '../pages/admin/smtp-page';
import { ThemesPage, themesLoader } from '../pages/admin/themes-page';
import { ErrorPage, RouteErrorPage } from '../pages/error-page';
import { InstallPage, installLoader } from '../pages/install/install-page';
import { LegalPage, legalLoader } from '../pages/legal-page';
import { LoginPage } from '../pages/login-page';
import { LogoutPage } from '../pages/logout-page';
import { MaintenancePage } from '../pages/maintenance-page';
import { AskPage } from '../pages/questions/ask-page';
import { questionPath } from '@inquire/shared';
import { QuestionListPage, questionListLoader } from '../pages/questions/question-list-page';
import {
  questionJsonLd,
  QuestionPage,
  questionPageLoader,
  type QuestionPageData,
} from '../pages/questions/question-page';
import { RelatedQuestions } from '../pages/questions/related-questions';
import { EditAnswerPage, editAnswerLoader } from '../pages/curation/edit-answer-page';
import { EditQuestionPage, editQuestionLoader } from '../pages/curation/edit-question-page';
import { EditTagPage, editTagLoader } from '../pages/curation/edit-tag-page';
import { TimelinePage, timelineLoader } from '../pages/curation/timeline-page';
import { AccountActivationPage, ActivationFailed, ActivationSuccessPage } from '../pages/users/activation-pages';
import { ChangeEmailPage, ConfirmNewEmailPage } from '../pages/users/email-pages';
import { AccountRecoveryPage, PasswordResetPage } from '../pages/users/recovery-pages';
import { RegisterPage } from '../pages/users/register-page';
import { AccountSettings } from '../pages/users/settings/account-settings';
import { InterfaceSettings, interfaceSettingsLoader } from '../pages/users/settings/interface-settings';
import { NotifySettings, notifySettingsLoader } from '../pages/users/settings/notify-settings';
import { ProfileSettings } from '../pages/users/settings/profile-settings';
import { SettingsLayout } from '../pages/users/settings/settings-layout';
import { AccountSuspendedPage } from '../pages/users/suspended-page';
import { ProfilePage, profilePageLoader, type ProfilePageData } from '../pages/people/profile-page';
import { CreateTagPage } from '../pages/tags/create-tag-page';
import { TagInfoPage, tagInfoLoader } from '../pages/tags/tag-info-page';
import { TagPage, tagPageLoader } from '../pages/tags/tag-page';
import { TagsPage, tagsPageLoader } from '../pages/tags/tags-page';
import { UsersPage, usersPageLoader } from '../pages/people/users-page';
import { guarded, notBuilt, type GuardKind } from './guards';
import type { RouteHandle } from './head';
import { loadSession } from './session';

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

const questionHandle: RouteHandle = {
  ...handle(({ data, session }) => {
    if (!data) return {};
    const page = data as QuestionPageData;
    return {
      title: page.question.title,
      description: page.question.description,
      canonicalPath: questionPath(page.question, page.permalink),
      jsonLd: questionJsonLd(page, session.site.general.site_url.replace(/\/+$/, '')),
      ogType: 'article',
    };
  }),
  aside: (data) => {
    const page = data as QuestionPageData | undefined;
    return page ? <RelatedQuestions key="related" list={page.interactions.related} permalink={page.permalink} /> : null;
  },
};

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
    loader: ({ context }) => loadSession(context),
    element: <RootLayout />,
    errorElement: <RouteErrorPage standalone />,
    shouldRevalidate: () => true,
    children: [
      // Standalone pages.
      {
        path: 'install',
        loader: installLoader,
        element: <InstallPage />,
        handle: handle(({ t }) => ({ title: t('ui.install.title') })),
      },
      {
        path: 'maintenance',
        element: <MaintenancePage />,
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
                    loader: guarded('public', questionListLoader),
                    element: <QuestionListPage />,
                    handle: handle(({ t }) => ({ title: undefined, description: t('ui.questions.all') })),
                  },
                  {
                    path: 'questions',
                    loader: guarded('public', questionListLoader),
                    element: <QuestionListPage />,
                    handle: handle(({ t }) => ({ title: t('ui.questions.title') })),
                  },
                  {
                    path: 'questions/ask',
                    loader: guarded('activated'),
                    element: <AskPage />,
                    handle: handle(({ t }) => ({ title: t('ui.ask.title') })),
                  },
                  ...['questions/:qid', 'questions/:qid/:slugPermalink', 'questions/:qid/:slugPermalink/:aid'].map(
                    (path) => ({
                      path,
                      loader: guarded('public', questionPageLoader),
                      element: <QuestionPage />,
                      handle: questionHandle,
                    }),
                  ),
                  {
                    path: 'posts/:qid/edit',
                    loader: guarded('activated', editQuestionLoader),
                    element: <EditQuestionPage />,
                    handle: handle(({ t }) => ({ title: t('ui.curation.edit_question') })),
                  },
                  {
                    path: 'posts/:qid/:aid/edit',
                    loader: guarded('activated', editAnswerLoader),
                    element: <EditAnswerPage />,
                    handle: handle(({ t }) => ({ title: t('ui.curation.edit_answer') })),
                  },
                  ...['posts/:qid/timeline', 'posts/:qid/:aid/timeline'].map((path) => ({
                    path,
                    loader: guarded('login', timelineLoader),
                    element: <TimelinePage />,
                    handle: handle(({ t }) => ({ title: t('ui.curation.timeline') })),
                  })),
                  later('search'),
                  {
                    path: 'tags',
                    loader: guarded('public', tagsPageLoader),
                    element: <TagsPage />,
                    handle: handle(({ t }) => ({ title: t('ui.tags.title') })),
                  },
                  {
                    path: 'tags/create',
                    loader: guarded('staff'),
                    element: <CreateTagPage />,
                    handle: handle(({ t }) => ({ title: t('ui.tags.create_title') })),
                  },
                  {
                    path: 'tags/:tagName',
                    loader: guarded('public', tagPageLoader),
                    element: <TagPage />,
                    handle: tagHandle(''),
                  },
                  {
                    path: 'tags/:tagName/info',
                    loader: guarded('public', tagInfoLoader),
                    element: <TagInfoPage />,
                    handle: tagHandle('/info'),
                  },
                  {
                    path: 'tags/:tagId/edit',
                    loader: guarded('activated', editTagLoader),
                    element: <EditTagPage />,
                    handle: handle(({ t }) => ({ title: t('ui.curation.edit_tag') })),
                  },
                  {
                    path: 'tags/:tid/timeline',
                    loader: guarded('login', timelineLoader),
                    element: <TimelinePage />,
                    handle: handle(({ t }) => ({ title: t('ui.curation.timeline') })),
                  },
                  {
                    path: 'users',
                    loader: guarded('public', usersPageLoader),
                    element: <UsersPage />,
                    handle: handle(({ t }) => ({ title: t('ui.people.title') })),
                  },
                  {
                    path: 'users/settings',
                    loader: guarded('login'),
                    element: <SettingsLayout />,
                    handle: handle(({ t }) => ({ title: t('ui.account.settings.title') })),
                    children: [
                      { index: true, loader: guarded('login'), element: <ProfileSettings /> },
                      { path: 'profile', loader: guarded('login'), element: <ProfileSettings /> },
                      {
                        path: 'notify',
                        loader: guarded('activated', notifySettingsLoader),
                        element: <NotifySettings />,
                      },
                      { path: 'account', loader: guarded('login'), element: <AccountSettings /> },
                      {
                        path: 'interface',
                        loader: guarded('login', interfaceSettingsLoader),
                        element: <InterfaceSettings />,
                      },
                      later(':tab', 'login'),
                    ],
                  },
                  later('users/notifications/:type', 'login'),
                  later('users/notifications/:type/:subType', 'login'),
                  ...['users/:username', 'users/:username/:tabName'].map((path) => ({
                    path,
                    loader: guarded('public', profilePageLoader),
                    element: <ProfilePage />,
                    handle: profileHandle,
                  })),
                  later('review', 'staff'),
                ],
              },
              // Auth and account pages: inside the main layout, outside the side layout.
              {
                path: 'users/login',
                loader: guarded('guestOrInactive'),
                element: <LoginPage />,
                handle: handle(({ t, session }) => ({
                  title: t('ui.login.title', { site: session.site.general.name }),
                })),
              },
              {
                path: 'users/logout',
                loader: guarded('signedIn'),
                element: <LogoutPage />,
                handle: handle(({ t }) => ({ title: t('ui.logout.title') })),
              },
              {
                path: 'users/register',
                loader: guarded('guest'),
                element: <RegisterPage />,
                handle: handle(({ t, session }) => ({
                  title: t('ui.account.register.title', { site: session.site.general.name }),
                })),
              },
              {
                path: 'users/account-recovery',
                loader: guarded('guest'),
                element: <AccountRecoveryPage />,
                handle: handle(({ t }) => ({ title: t('ui.account.recovery.title') })),
              },
              {
                path: 'users/change-email',
                loader: guarded('public'),
                element: <ChangeEmailPage />,
                handle: handle(({ t }) => ({ title: t('ui.account.email.title') })),
              },
              {
                path: 'users/password-reset',
                loader: guarded('public'),
                element: <PasswordResetPage />,
                handle: handle(({ t }) => ({ title: t('ui.account.reset.title') })),
              },
              {
                path: 'users/account-activation',
                loader: guarded('public'),
                element: <AccountActivationPage />,
                handle: handle(({ t }) => ({ title: t('ui.account.activation.title') })),
              },
              {
                path: 'users/account-activation/success',
                loader: guarded('activatedOnly'),
                element: <ActivationSuccessPage />,
                handle: handle(({ t }) => ({ title: t('ui.account.activation.success_title') })),
              },
              {
                path: 'users/account-activation/failed',
                loader: guarded('inactiveOnly'),
                element: <ActivationFailed />,
                handle: handle(({ t }) => ({ title: t('ui.account.activation.failed_title') })),
              },
              {
                path: 'users/confirm-new-email',
                loader: guarded('public'),
                element: <ConfirmNewEmailPage />,
                handle: handle(({ t }) => ({ title: t('ui.account.confirm_email.title') })),
              },
              {
                path: 'users/account-suspended',
                loader: guarded('suspendedOnly'),
                element: <AccountSuspendedPage />,
                handle: handle(({ t }) => ({ title: t('ui.account.suspended.title') })),
              },
              later('users/confirm-email'),
              later('users/auth-landing'),
              later('users/unsubscribe'),
              later('user-center/auth', 'guest'),
              later('user-center/auth-failed'),
              // Other layout.
              {
                path: 'tos',
                loader: guarded('public', legalLoader('tos')),
                element: <LegalPage kind="tos" />,
                handle: handle(({ t }) => ({ title: t('ui.legal.tos_title') })),
              },
              {
                path: 'privacy',
                loader: guarded('public', legalLoader('privacy')),
                element: <LegalPage kind="privacy" />,
                handle: handle(({ t }) => ({ title: t('ui.legal.privacy_title') })),
              },
              { path: '403', loader: guarded('public', () => refuse(403)), Component: NotFound },
              // The admin area: admins only; its other pages come with the admin work.
              {
                path: 'admin',
                loader: guarded('admin'),
                element: <AdminLayout />,
                children: [
                  { index: true, loader: notBuilt('admin'), Component: NotFound },
                  {
                    path: 'themes',
                    loader: guarded('admin', themesLoader),
                    element: <ThemesPage />,
                    handle: handle(({ t }) => ({ title: t('ui.admin.themes.title') })),
                  },
                  {
                    path: 'smtp',
                    loader: guarded('admin', smtpLoader),
                    element: <SmtpPage />,
                    handle: handle(({ t }) => ({ title: t('ui.admin.smtp.title') })),
                  },
                  {
                    path: 'design',
                    loader: guarded('admin'),
                    element: <DesignGalleryPage />,
                    handle: handle(({ t }) => ({ title: t('ui.design.title') })),
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
