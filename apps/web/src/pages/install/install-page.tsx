import { isLanguage, type Language } from '@inquire/shared';
import { useState } from 'react';
import { useTranslation } from '../../lib/translation';
import { Link, useLoaderData } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { switchLanguage } from '../../lib/i18n';
import type { InstallData } from './install-api';
import { ConfigStep } from './config-step';
import { DatabaseStep, type DbValues } from './database-step';
import { LanguageStep } from './language-step';
import { SiteStep } from './site-step';

export { installLoader } from './install-api';

const STEPS = ['language', 'database', 'config', 'site', 'done'] as const;
type Step = (typeof STEPS)[number];

/** The five-step install wizard (spec section 2), on a standalone layout. */
export function InstallPage() {
  const { t, i18n } = useTranslation();
  const { check, languages } = useLoaderData() as InstallData;
  const [step, setStep] = useState<Step>('language');
  const [lang, setLang] = useState<Language>(isLanguage(i18n.language) ? i18n.language : 'en_US');
  const [db, setDb] = useState<DbValues | null>(null);
  const index = STEPS.indexOf(step);

  if (check.installed) {
    return (
      <Shell>
        <h1 className="text-2xl font-semibold">{t('ui.install.already_installed')}</h1>
        <p className="mt-2 text-gray-600 dark:text-gray-400">{t('ui.install.already_installed_text')}</p>
        <Link to="/" className="mt-6 inline-block font-medium text-primary-text hover:underline">
          {t('ui.install.go_home')}
        </Link>
      </Shell>
    );
  }

  return (
    <Shell>
      <h1 className="text-2xl font-semibold">{t('ui.install.title')}</h1>
      <Progress index={index} />
      <div className="mt-8">
        {step === 'language' ? (
          <LanguageStep
            languages={languages}
            value={lang}
            onNext={async (chosen) => {
              setLang(chosen);
              await switchLanguage(chosen);
              setStep('database');
            }}
          />
        ) : null}
        {step === 'database' ? (
          <DatabaseStep
            defaultFile={check.default_db_file}
            initial={db}
            onBack={() => setStep('language')}
            onNext={(values) => {
              setDb(values);
              setStep('config');
            }}
          />
        ) : null}
        {step === 'config' && db ? (
          <ConfigStep db={db} lang={lang} onBack={() => setStep('database')} onNext={() => setStep('site')} />
        ) : null}
        {step === 'site' ? <SiteStep lang={lang} onDone={() => setStep('done')} /> : null}
        {step === 'done' ? <DoneStep /> : null}
      </div>
    </Shell>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="min-h-screen bg-gray-50 px-4 py-10 dark:bg-gray-950">
      <main className="mx-auto w-full max-w-xl rounded-xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8 dark:border-gray-800 dark:bg-gray-900">
        {children}
      </main>
    </div>
  );
}

/** Where the reader is in the wizard: named steps and a bar. */
function Progress({ index }: { index: number }) {
  const { t } = useTranslation();
  return (
    <div className="mt-4">
      <p className="text-sm text-gray-600 dark:text-gray-400" aria-live="polite">
        {t('ui.install.step', { current: index + 1, total: STEPS.length })}: {t(`ui.install.steps.${STEPS[index]}`)}
      </p>
      <div
        role="progressbar"
        aria-valuemin={1}
        aria-valuemax={STEPS.length}
        aria-valuenow={index + 1}
        aria-label={t('ui.install.title')}
        className="mt-2 h-2 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-800"
      >
        <div
          className="h-full rounded-full bg-primary-600 transition-all dark:bg-primary-400"
          style={{ width: `${((index + 1) / STEPS.length) * 100}%` }}
        />
      </div>
      <ol className="mt-3 hidden grid-cols-5 gap-2 text-xs text-gray-500 sm:grid dark:text-gray-400">
        {STEPS.map((s, i) => (
          <li
            key={s}
            className={i === index ? 'font-semibold text-gray-900 dark:text-gray-100' : ''}
            aria-current={i === index ? 'step' : undefined}
          >
            {t(`ui.install.steps.${s}`)}
          </li>
        ))}
      </ol>
    </div>
  );
}

function DoneStep() {
  const { t } = useTranslation();
  return (
    <section className="space-y-4">
      <Alert kind="success">{t('ui.install.done_title')}</Alert>
      <p className="text-gray-700 dark:text-gray-300">{t('ui.install.done_text')}</p>
      <div className="flex gap-4">
        {/* A full load: the server now serves an installed site. */}
        <a href="/users/login" className="font-medium text-primary-text hover:underline">
          {t('ui.install.go_login')}
        </a>
        <a href="/" className="font-medium text-primary-text hover:underline">
          {t('ui.install.go_home')}
        </a>
      </div>
    </section>
  );
}
