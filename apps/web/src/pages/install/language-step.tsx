import { isLanguage, type Language } from '@inquire/shared';
import { useState } from 'react';
import { useTranslation } from '../../lib/translation';
import { Button } from '../../components/ui/button';
import { SelectField } from '../../components/ui/field';

interface Props {
  languages: { label: string; value: string }[];
  value: Language;
  onNext(lang: Language): Promise<void>;
}

export function LanguageStep({ languages, value, onNext }: Props) {
  const { t } = useTranslation();
  const [lang, setLang] = useState<Language>(value);
  return (
    <form
      className="space-y-6"
      onSubmit={(e) => {
        e.preventDefault();
        void onNext(lang);
      }}
    >
      <h2 className="text-lg font-medium">{t('ui.install.language_title')}</h2>
      <SelectField
        label={t('ui.install.language_label')}
        help={t('ui.install.language_help')}
        name="lang"
        value={lang}
        options={languages}
        onChange={(e) => (isLanguage(e.target.value) ? setLang(e.target.value) : undefined)}
      />
      <div className="flex justify-end">
        <Button type="submit">{t('ui.install.next')}</Button>
      </div>
    </form>
  );
}
