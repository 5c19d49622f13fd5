import { REASONS, type ConfigFileCheck } from '@inquire/shared';
import type { LoaderFunctionArgs } from 'react-router';
import { loaderApi } from '../../app/api';
import { ApiError, http } from '../../lib/http';

/** The installer's calls, under `{base}` (the server also answers at /installation). */
export const INSTALL_BASE = '/answer/installation';

export interface InstallData {
  check: ConfigFileCheck;
  languages: { label: string; value: string }[];
}

/** An installed site's installer answers only "Already installed": the page says so. */
const ALREADY_INSTALLED: InstallData = {
  check: {
    config_file_exist: true,
    config_ok: true,
    db_connection_success: true,
    db_table_exist: true,
    installed: true,
    default_db_file: '',
  },
  languages: [],
};

export async function installLoader({ context }: LoaderFunctionArgs): Promise<InstallData> {
  const api = loaderApi(context);
  try {
    const [check, languages] = await Promise.all([
      api.post<ConfigFileCheck>(`${INSTALL_BASE}/config-file/check`),
      api.get<{ label: string; value: string }[]>(`${INSTALL_BASE}/language/options`),
    ]);
    return { check, languages };
  } catch (error) {
    if (error instanceof ApiError && error.reason === REASONS.alreadyInstalled) return ALREADY_INSTALLED;
    throw error;
  }
}

const opts = { passingError: true } as const;

export const installApi = {
  checkDb: (body: Record<string, unknown>) =>
    http.post<{ connection_success: boolean }>(`${INSTALL_BASE}/db/check`, body, opts),
  init: (body: Record<string, unknown>) => http.post<{ config_exists: boolean }>(`${INSTALL_BASE}/init`, body, opts),
  baseInfo: (body: Record<string, unknown>) => http.post<null>(`${INSTALL_BASE}/base-info`, body, opts),
};
