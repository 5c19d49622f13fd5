import { dbCheckSchema, SSL_MODES } from '@inquire/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/translation';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { SelectField, TextField } from '../../components/ui/field';
import { serverFieldErrors, validate, type FieldErrors } from '../../lib/forms';
import { ApiError } from '../../lib/http';
import { installApi } from './install-api';

export interface DbValues {
  db_type: 'sqlite3' | 'postgres';
  db_file: string;
  db_host: string;
  db_port: string;
  db_username: string;
  db_password: string;
  db_name: string;
  ssl_mode: string;
}

/** Only the fields of the chosen engine go to the server. */
export function dbPayload(values: DbValues): Record<string, unknown> {
  if (values.db_type === 'sqlite3') return { db_type: 'sqlite3', db_file: values.db_file };
  const { db_file: _file, ...postgres } = values;
  return { ...postgres, db_port: Number(values.db_port) || values.db_port };
}

interface Props {
  defaultFile: string;
  initial: DbValues | null;
  onBack(): void;
  onNext(values: DbValues): void;
}

export function DatabaseStep({ defaultFile, initial, onBack, onNext }: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState<DbValues>(
    initial ?? {
      db_type: 'sqlite3',
      db_file: defaultFile,
      db_host: '127.0.0.1',
      db_port: '5432',
      db_username: 'postgres',
      db_password: '',
      db_name: 'inquire',
      ssl_mode: 'disable',
    },
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (field: keyof DbValues) => (e: { target: { value: string } }) =>
    setValues({ ...values, [field]: e.target.value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure('');
    const payload = dbPayload(values);
    const found = validate(dbCheckSchema, payload, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await installApi.checkDb(payload);
      onNext(values);
    } catch (error) {
      setErrors(serverFieldErrors(error));
      if (error instanceof ApiError && !error.isError) setFailure(error.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate className="space-y-5" onSubmit={submit}>
      <h2 className="text-lg font-medium">{t('ui.install.db_title')}</h2>
      {failure ? <Alert kind="danger">{failure}</Alert> : null}
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-gray-800 dark:text-gray-200">{t('ui.install.db_type')}</legend>
        {(['sqlite3', 'postgres'] as const).map((type) => (
          <label key={type} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="db_type"
              value={type}
              checked={values.db_type === type}
              onChange={() => setValues({ ...values, db_type: type })}
              className="accent-primary-600"
            />
            {t(type === 'sqlite3' ? 'ui.install.db_sqlite' : 'ui.install.db_postgres')}
          </label>
        ))}
      </fieldset>
      {values.db_type === 'sqlite3' ? (
        <TextField
          label={t('ui.install.db_file')}
          help={t('ui.install.db_file_help')}
          name="db_file"
          value={values.db_file}
          error={errors.db_file}
          onChange={set('db_file')}
        />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('ui.install.db_host')}
            name="db_host"
            value={values.db_host}
            error={errors.db_host}
            onChange={set('db_host')}
          />
          <TextField
            label={t('ui.install.db_port')}
            name="db_port"
            inputMode="numeric"
            value={values.db_port}
            error={errors.db_port}
            onChange={set('db_port')}
          />
          <TextField
            label={t('ui.install.db_username')}
            name="db_username"
            autoComplete="off"
            value={values.db_username}
            error={errors.db_username}
            onChange={set('db_username')}
          />
          <TextField
            label={t('ui.install.db_password')}
            name="db_password"
            type="password"
            autoComplete="new-password"
            value={values.db_password}
            error={errors.db_password}
            onChange={set('db_password')}
          />
          <TextField
            label={t('ui.install.db_name')}
            name="db_name"
            value={values.db_name}
            error={errors.db_name}
            onChange={set('db_name')}
          />
          <SelectField
            label={t('ui.install.ssl_mode')}
            name="ssl_mode"
            value={values.ssl_mode}
            options={SSL_MODES.map((m) => ({ value: m, label: m }))}
            onChange={set('ssl_mode')}
          />
        </div>
      )}
      <div className="flex justify-between">
        <Button variant="secondary" onClick={onBack}>
          {t('ui.install.back')}
        </Button>
        <Button type="submit" loading={busy}>
          {t('ui.install.next')}
        </Button>
      </div>
    </form>
  );
}
