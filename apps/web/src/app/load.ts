import { data } from 'react-router';
import { ApiError } from '../lib/http';
import { loginRedirect } from './guards';

/**
 * Awaits an API call inside a loader and turns its failure into what the route should do:
 * 401 → login, 403 → the 403 page, 404 → the 404 page, anything else → the 50X page.
 */
export async function fromApi<T>(promise: Promise<T>, url: URL): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === 401) throw loginRedirect(url);
    if (error.code === 403) throw data(null, { status: 403 });
    if (error.code === 404) throw data(null, { status: 404 });
    throw data(null, { status: 500 });
  }
}
