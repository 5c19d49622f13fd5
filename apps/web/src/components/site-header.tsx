import { SEARCH_LIMITS, type NavbarStyle } from '@inquire/shared';
import { deferred } from '../lib/deferred';
import { useTranslation } from '../lib/translation';
import { useLocation, useRouteLoaderData } from 'react-router';
import { Form, Link, NavLink } from './links';
import type { Session } from '../app/session';
import { Avatar } from './avatar';
import { isPeoplePath } from './nav-sections';
import { MenuIcon, SearchIcon } from './icons';
import { buttonClass } from './ui/button';
import { DeferredMenu } from './ui/deferred-menu';
import { withChunkTimeout } from '../lib/chunk';

/**
 * A member's red dots, with their poller and the live stream behind it: a guest's pages never
 * draw them, so their code is not in the script every page loads (lib/deferred.tsx).
 */
const NotificationDots = deferred('src/components/notification-dots.tsx', () =>
  withChunkTimeout(import('./notification-dots')).then((m) => m.NotificationDots),
);

const NAVBAR: Record<NavbarStyle, { bar: string; link: string; search: string }> = {
  colored: {
    bar: 'bg-primary-solid text-on-primary-solid',
    link: 'text-on-primary-solid hover:bg-black/10',
    search: 'border-transparent bg-white text-gray-900 placeholder:text-gray-600',
  },
  light: {
    bar: 'border-b border-gray-200 bg-white text-gray-900 dark:border-gray-800 dark:bg-gray-950 dark:text-gray-100',
    link: 'text-gray-800 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800',
    search:
      'border-gray-300 bg-gray-50 text-gray-900 placeholder:text-gray-600 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100 dark:placeholder:text-gray-400',
  },
  dark: {
    bar: 'bg-gray-900 text-white',
    link: 'text-gray-100 hover:bg-gray-800',
    search: 'border-gray-700 bg-gray-800 text-white placeholder:text-gray-300',
  },
};

export function SiteHeader() {
  const { t } = useTranslation();
  const session = useRouteLoaderData('root') as Session;
  const { user, site } = session;
  const { pathname, search } = useLocation();
  // On the search page the box keeps the reader's query (keyed by it, so it follows navigation).
  const query = pathname === '/search' ? (new URLSearchParams(search).get('q') ?? '') : '';
  const config = site.theme.theme_config[site.theme.theme] ?? site.theme.theme_config.default;
  const style = NAVBAR[config?.navbar_style ?? 'colored'] ?? NAVBAR.colored;
  const { logo, mobile_logo: mobileLogo } = site.branding;
  const navLink = ({ isActive }: { isActive: boolean }) =>
    `header-link ${style.link}${isActive ? ' underline underline-offset-8' : ''}`;

  return (
    <header className={`sticky top-0 z-40 ${style.bar}`} style={{ height: 'var(--header-height)' }}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:start-2 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-gray-900"
      >
        {t('ui.skip_to_content')}
      </a>
      <div className="mx-auto flex h-full max-w-6xl items-center gap-3 px-4">
        <DeferredMenu
          label={t('ui.nav.menu')}
          triggerClass={`rounded-md p-2 md:hidden ${style.link}`}
          trigger={<MenuIcon />}
          align="start"
          entries={[
            { kind: 'link', label: t('ui.nav.questions'), to: '/questions' },
            { kind: 'link', label: t('ui.nav.tags'), to: '/tags' },
            { kind: 'link', label: t('ui.nav.users'), to: '/users' },
            { kind: 'link', label: t('ui.nav.ask'), to: '/questions/ask' },
            // Phones have no room for the box: the search page has its own.
            {
              kind: 'link',
              label: t('ui.nav.search'),
              to: query ? `/search?q=${encodeURIComponent(query)}` : '/search',
            },
          ]}
        />

        <Link to="/" className="flex shrink-0 items-center gap-2 text-lg font-bold tracking-tight">
          {logo ? (
            <>
              {/* Phones show the mobile logo when there is one (Settings → Branding). */}
              <img src={logo} alt={site.general.name} className={`h-8 w-auto ${mobileLogo ? 'hidden md:block' : ''}`} />
              {mobileLogo ? <img src={mobileLogo} alt={site.general.name} className="h-8 w-auto md:hidden" /> : null}
            </>
          ) : mobileLogo ? (
            <img src={mobileLogo} alt={site.general.name} className="h-8 w-auto" />
          ) : (
            site.general.name
          )}
        </Link>

        <nav aria-label={t('ui.nav.main_navigation')} className="hidden items-center gap-1 md:flex">
          <NavLink to="/questions" className={navLink}>
            {t('ui.nav.questions')}
          </NavLink>
          <NavLink to="/tags" className={navLink}>
            {t('ui.nav.tags')}
          </NavLink>
          <NavLink to="/users" className={({ isActive }) => navLink({ isActive: isActive && isPeoplePath(pathname) })}>
            {t('ui.nav.users')}
          </NavLink>
        </nav>

        <Form action="/search" method="get" role="search" className="ms-auto hidden max-w-xs flex-1 sm:block">
          <label className="relative block">
            <span className="sr-only">{t('ui.nav.search_placeholder')}</span>
            <SearchIcon className="pointer-events-none absolute top-1/2 start-2.5 h-4 w-4 -translate-y-1/2 text-gray-500" />
            <input
              key={query}
              name="q"
              type="search"
              defaultValue={query}
              maxLength={SEARCH_LIMITS.queryMax}
              placeholder={t('ui.nav.search_placeholder')}
              className={`h-9 w-full rounded-md border pe-3 ps-8 text-sm outline-none ${style.search}`}
            />
          </label>
        </Form>

        <div className="ms-auto flex items-center gap-2 sm:ms-0">
          {user ? (
            <UserMenu session={{ ...session, user }} linkClass={style.link} />
          ) : (
            <>
              <Link to="/questions/ask" className={buttonClass('secondary', 'sm', 'max-sm:hidden')}>
                {t('ui.nav.ask')}
              </Link>
              <Link to="/users/login" className={`header-link ${style.link}`}>
                {t('ui.nav.login')}
              </Link>
              {/* No way in to offer while the site takes no new members. */}
              {site.login.allow_new_registrations ? (
                <Link to="/users/register" className={buttonClass('secondary', 'sm', 'whitespace-nowrap')}>
                  {t('ui.nav.signup')}
                </Link>
              ) : null}
            </>
          )}
        </div>
      </div>
    </header>
  );
}

function UserMenu({
  session,
  linkClass,
}: {
  session: Session & { user: NonNullable<Session['user']> };
  linkClass: string;
}) {
  const { t } = useTranslation();
  const { user } = session;
  return (
    <>
      <Link to="/questions/ask" className={buttonClass('secondary', 'sm', 'max-sm:hidden')}>
        {t('ui.nav.ask')}
      </Link>
      <NotificationDots session={session} linkClass={linkClass} />
      <DeferredMenu
        label={t('ui.nav.user_menu')}
        triggerClass={`rounded-full p-0.5 ${linkClass}`}
        trigger={<Avatar src={user.avatar_url} name={user.display_name} />}
        align="end"
        entries={[
          { kind: 'label', label: user.display_name },
          { kind: 'link', label: t('ui.nav.profile'), to: `/users/${user.username}` },
          { kind: 'link', label: t('ui.nav.settings'), to: '/users/settings/profile' },
          ...(user.actions.admin ? [{ kind: 'link' as const, label: t('ui.nav.admin'), to: '/admin' }] : []),
          { kind: 'separator' },
          { kind: 'link', label: t('ui.nav.logout'), to: '/users/logout' },
        ]}
      />
    </>
  );
}
