import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../lib/translation';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/http';
import { dbPayload, type DbValues } from './database-step';
import { installApi } from './install-api';

type State = { kind: 'working' } | { kind: 'written' } | { kind: 'exists' } | { kind: 'failed'; message: string };

/** Writes config.yaml and creates the tables as soon as the step opens. */
export function ConfigStep({
  db,
  lang,
  onBack,
  onNext,
}: {
  db: DbValues;
  lang: string;
  onBack(): void;
  onNext(): void;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ kind: 'working' });

  const run = useCallback(async () => {
    setState({ kind: 'working' });
    try {
      const result = await installApi.init({ ...dbPayload(db), lang });
      setState({ kind: result.config_exists ? 'exists' : 'written' });
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof ApiError ? error.message : String(error) });
    }
  }, [db, lang]);

  useEffect(() => {
    void run();
  }, [run]);

  return (
    <section className="space-y-5">
      <h2 className="text-lg font-medium">{t('ui.install.config_title')}</h2>
      {state.kind === 'working' ? (
        <p className="flex items-center gap-3 text-sm text-gray-700 dark:text-gray-300">
          <Spinner /> {t('ui.install.config_writing')}
        </p>
      ) : null}
      {state.kind === 'written' ? <Alert kind="success">{t('ui.install.config_ok')}</Alert> : null}
      {state.kind === 'exists' ? (
        <Alert kind="warning">
          <strong>{t('ui.install.config_exists')}</strong>. {t('ui.install.config_exists_help')}
        </Alert>
      ) : null}
      {state.kind === 'failed' ? (
        <Alert kind="danger">
          <strong>{state.message}</strong>
          <span className="mt-1 block">{t('ui.install.config_failed_help')}</span>
        </Alert>
      ) : null}
      <div className="flex justify-between">
        <Button variant="secondary" onClick={onBack}>
          {t('ui.install.back')}
        </Button>
        {state.kind === 'failed' ? (
          <Button onClick={() => void run()}>{t('ui.install.retry')}</Button>
        ) : (
          <Button onClick={onNext} disabled={state.kind === 'working'}>
            {t('ui.install.next')}
          </Button>
        )}
      </div>
    </section>
  );
}
