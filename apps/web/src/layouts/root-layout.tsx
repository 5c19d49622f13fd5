import { useEffect, useState } from 'react';
import { useTranslation } from '../lib/translation';
import { Outlet, useLocation, useMatches, useNavigate, useRevalidator, useRouteLoaderData } from 'react-router';
import { fullTitle, type RouteHandle } from '../app/head';
import { resetSession, type Session } from '../app/session';
import { DialogHost } from '../components/dialog-host';
import { ToastHost } from '../components/toast-host';
import { applyScheme, storedScheme } from '../lib/theme';
import { uiEvents, type ErrorState } from '../lib/ui-events';
import { ErrorPage } from '../pages/error-page';

/** The app shell around every page: overlays, error states, navigation from the HTTP client. */
export function RootLayout() {
  const session = useRouteLoaderData('root') as Session;
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const location = useLocation();
  const [errorState, setErrorState] = useState<{ state: ErrorState; path: string } | null>(null);

  useEffect(
    () =>
      uiEvents.subscribe((event) => {
        if (event.type === 'navigate') void navigate(event.to, { replace: event.replace ?? false });
        if (event.type === 'error-state') setErrorState({ state: event.state, path: window.location.pathname });
        if (event.type === 'session-changed') {
          resetSession();
          void revalidator.revalidate();
        }
      }),
    [navigate, revalidator],
  );

  useEffect(() => {
    const fallback =
      session.user?.color_scheme && session.user.color_scheme !== 'default'
        ? session.user.color_scheme
        : session.site.theme.color_scheme;
    applyScheme(storedScheme(fallback));
  }, [session.user?.color_scheme, session.site.theme.color_scheme]);

  const showError = errorState && errorState.path === location.pathname ? errorState.state : null;
  return (
    <>
      <HeadSync session={session} />
      {showError ? <ErrorPage status={showError === '50X' ? 500 : Number(showError)} standalone /> : <Outlet />}
      <ToastHost />
      <DialogHost />
    </>
  );
}

/** Keeps the document title in step with the page after client-side navigation. */
function HeadSync({ session }: { session: Session }) {
  const matches = useMatches();
  const { t } = useTranslation();
  useEffect(() => {
    const match = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.head);
    const head = (match?.handle as RouteHandle | undefined)?.head?.({ t, data: match?.loaderData, session });
    document.title = fullTitle(head?.title, session.site.general.name);
  }, [matches, t, session]);
  return null;
}
