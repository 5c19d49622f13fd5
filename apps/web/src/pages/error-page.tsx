import { useTranslation } from '../lib/translation';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

type Status = 403 | 404 | 500;

function normalize(status: number): Status {
  if (status === 403) return 403;
  if (status === 404) return 404;
  return 500;
}

/**
 * The 403, 404 and 50X pages of spec section 8, each with a back-to-homepage link. With
 * `reload` the link loads the home page afresh: the router and the browser keep a chunk that
 * failed as failed, so only a new document fetches it again.
 */
export function ErrorPage({
  status,
  standalone = false,
  reload = false,
}: {
  status: number;
  standalone?: boolean;
  reload?: boolean;
}) {
  const { t } = useTranslation();
  const code = normalize(status);
  const key = code === 500 ? '50X' : String(code);
  return (
    <div
      className={`mx-auto flex max-w-xl flex-col items-center px-4 text-center ${standalone ? 'min-h-screen justify-center' : 'py-24'}`}
    >
      <p className="text-6xl font-bold text-gray-500 dark:text-gray-400">{key}</p>
      <h1 className="mt-4 text-2xl font-semibold">{t(`ui.error_page.${key}_title`)}</h1>
      <p className="mt-2 text-gray-600 dark:text-gray-400" data-testid="error-message">
        {t(`ui.error_page.${key}`)}
      </p>
      <Link to="/" reloadDocument={reload} className="mt-6 font-medium text-primary-text hover:underline">
        {t('ui.error_page.back_home')}
      </Link>
    </div>
  );
}

/**
 * Error boundary of the route tree: thrown statuses pick the page; anything else is 50X, a
 * page or part whose code chunk did not load among them (lib/chunk.ts).
 */
export function RouteErrorPage({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error) && typeof console !== 'undefined') console.error(error);
  // A thrown error that is not a status may be a chunk that failed (timed out, or the network):
  // the router and the browser keep it failed, so only a fresh document loads it again.
  return <ErrorPage status={status} standalone={standalone} reload={!isRouteErrorResponse(error)} />;
}
