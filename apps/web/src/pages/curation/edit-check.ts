import type { EditCheckResult } from '@inquire/shared';
import { data } from 'react-router';
import type { LoaderApi } from '../../app/api';
import { fromApi } from '../../app/load';
import { ApiError } from '../../lib/http';

/**
 * Runs `revisions/edit/check` before an edit screen opens: a refusal (400 while an edit
 * waits for review, 403 without the privilege) shows the 403 page (spec sections 2 and 8).
 */
export async function checkEdit(api: LoaderApi, id: string, url: URL): Promise<EditCheckResult> {
  try {
    return await api.get<EditCheckResult>('/answer/api/v1/revisions/edit/check', { id });
  } catch (error) {
    if (error instanceof ApiError && (error.code === 400 || error.code === 403)) throw data(null, { status: 403 });
    return fromApi(Promise.reject(error), url);
  }
}
