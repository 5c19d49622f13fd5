import { useId, useState } from 'react';
import { API_BASE, http } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { controlClass, describedBy, FieldNote } from '../ui/field';

interface MarkdownEditorProps {
  label: string;
  help?: string;
  name: string;
  value: string;
  error?: string;
  rows?: number;
  onChange(value: string): void;
}

/**
 * Markdown text with a Write / Preview switch. The preview is `post/render`: exactly the
 * HTML that posting the text would store.
 */
export function MarkdownEditor({ label, help, name, value, error, rows = 10, onChange }: MarkdownEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const [preview, setPreview] = useState('');

  async function showPreview() {
    setMode('preview');
    setPreview(
      value.trim() ? await http.post<string>(`${API_BASE}/post/render`, { content: value }).catch(() => '') : '',
    );
  }

  const tab = (active: boolean) =>
    `rounded-md px-3 py-1 text-sm ${active ? 'bg-gray-100 font-medium text-gray-900 dark:bg-gray-800 dark:text-gray-100' : 'text-gray-700 hover:text-gray-900 dark:text-gray-300'}`;
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-gray-800 dark:text-gray-200">
          {label}
        </label>
        <div className="flex gap-1">
          <button
            type="button"
            className={tab(mode === 'write')}
            aria-pressed={mode === 'write'}
            onClick={() => setMode('write')}
          >
            {t('ui.ask.write')}
          </button>
          <button
            type="button"
            className={tab(mode === 'preview')}
            aria-pressed={mode === 'preview'}
            onClick={() => void showPreview()}
          >
            {t('ui.ask.preview')}
          </button>
        </div>
      </div>
      <textarea
        id={id}
        name={name}
        rows={rows}
        value={value}
        hidden={mode === 'preview'}
        onChange={(e) => onChange(e.target.value)}
        className={`${controlClass(error)} font-mono`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, help)}
      />
      {mode === 'preview' ? (
        <div className="min-h-32 rounded-md border border-gray-200 p-3 dark:border-gray-700" aria-live="polite">
          {preview ? (
            <div className="prose max-w-none dark:prose-invert" dangerouslySetInnerHTML={{ __html: preview }} />
          ) : (
            <p className="text-sm text-gray-600 dark:text-gray-400">{t('ui.ask.preview_empty')}</p>
          )}
        </div>
      ) : null}
      <FieldNote id={id} help={help} error={error} />
    </div>
  );
}
