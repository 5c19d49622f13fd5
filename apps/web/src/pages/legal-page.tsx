import { useTranslation } from '../lib/translation';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { loaderApi } from '../app/api';
import { fromApi } from '../app/load';
import { API_BASE } from '../lib/http';

type LegalKind = 'tos' | 'privacy';

interface LegalData {
  html: string;
}

export function legalLoader(kind: LegalKind) {
  return async ({ context, request }: LoaderFunctionArgs): Promise<LegalData> => {
    const data = await fromApi(
      loaderApi(context).get<Record<string, string>>(`${API_BASE}/siteinfo/legal`, { info_type: kind }),
      new URL(request.url),
    );
    const html = kind === 'tos' ? data.terms_of_service_parsed_text : data.privacy_policy_parsed_text;
    return { html: html ?? '' };
  };
}

/** Terms of service and privacy policy; their HTML was sanitized when the admin saved it. */
export function LegalPage({ kind }: { kind: LegalKind }) {
  const { t } = useTranslation();
  const { html } = useLoaderData() as LegalData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-semibold">{t(kind === 'tos' ? 'ui.legal.tos_title' : 'ui.legal.privacy_title')}</h1>
      {html ? (
        <div className="prose mt-6 max-w-none dark:prose-invert" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <p className="mt-6 text-gray-600 dark:text-gray-400">{t('ui.legal.empty')}</p>
      )}
    </article>
  );
}
