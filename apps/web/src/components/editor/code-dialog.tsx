import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/translation';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { SelectField, TextArea } from '../ui/field';

/** Languages the server highlights (highlight.js names), the common ones first. */
const LANGUAGES = [
  ['javascript', 'JavaScript'],
  ['typescript', 'TypeScript'],
  ['python', 'Python'],
  ['java', 'Java'],
  ['go', 'Go'],
  ['rust', 'Rust'],
  ['c', 'C'],
  ['cpp', 'C++'],
  ['csharp', 'C#'],
  ['php', 'PHP'],
  ['ruby', 'Ruby'],
  ['kotlin', 'Kotlin'],
  ['swift', 'Swift'],
  ['sql', 'SQL'],
  ['bash', 'Bash'],
  ['json', 'JSON'],
  ['yaml', 'YAML'],
  ['xml', 'HTML / XML'],
  ['css', 'CSS'],
  ['markdown', 'Markdown'],
] as const;

interface CodeDialogProps {
  open: boolean;
  initialCode: string;
  onClose(): void;
  onInsert(code: string, language: string): void;
}

/** A fenced code block with its language; an empty sample is refused (spec §5). */
export function CodeDialog({ open, initialCode, onClose, onInsert }: CodeDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [language, setLanguage] = useState('');
  const [code, setCode] = useState(initialCode);
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    // React events bubble through portals: the page's own form must not see this submit.
    event.stopPropagation();
    if (!code.trim()) {
      setError(t('ui.editor.code_dialog.required'));
      return;
    }
    onInsert(code, language);
  }

  const options = [
    { value: '', label: t('ui.editor.code_dialog.plain') },
    ...LANGUAGES.map(([value, label]) => ({ value, label })),
  ];
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={t('ui.editor.code_dialog.title')}
      footer={
        <>
          <Button variant="secondary" type="button" onClick={onClose}>
            {t('ui.editor.cancel')}
          </Button>
          <Button type="submit" form={formId}>
            {t('ui.editor.insert')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <SelectField
          label={t('ui.editor.code_dialog.language')}
          options={options}
          value={language}
          onChange={(e) => setLanguage(e.target.value)}
        />
        <TextArea
          label={t('ui.editor.code_dialog.code')}
          rows={8}
          className="font-mono"
          spellCheck={false}
          value={code}
          error={error}
          autoFocus={initialCode === ''}
          onChange={(e) => {
            setCode(e.target.value);
            setError(undefined);
          }}
        />
      </form>
    </Dialog>
  );
}
