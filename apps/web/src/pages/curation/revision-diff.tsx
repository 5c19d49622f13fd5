import type { RevisionSnapshot } from '@inquire/shared';
import { useTranslation } from '../../lib/translation';
import { diffWords } from './word-diff';

const PART_CLASS = {
  same: '',
  add: 'bg-green-100 text-green-900 no-underline dark:bg-green-900 dark:text-green-100',
  del: 'bg-red-100 text-red-900 line-through dark:bg-red-900 dark:text-red-100',
} as const;

function Diff({ label, before, after }: { label: string; before: string; after: string }) {
  if (before === '' && after === '') return null;
  return (
    <div>
      <p className="text-xs font-medium tracking-wide text-gray-600 uppercase dark:text-gray-400">{label}</p>
      <p className="mt-1 font-mono text-sm break-words whitespace-pre-wrap text-gray-900 dark:text-gray-100">
        {diffWords(before, after).map((part, index) =>
          part.kind === 'same' ? (
            <span key={index}>{part.text}</span>
          ) : part.kind === 'add' ? (
            <ins key={index} className={PART_CLASS.add}>
              {part.text}
            </ins>
          ) : (
            <del key={index} className={PART_CLASS.del}>
              {part.text}
            </del>
          ),
        )}
      </p>
    </div>
  );
}

/** An inline diff of two revisions: title, tags or slug, and body; removed text struck, added text marked. */
export function RevisionDiff({ before, after }: { before: RevisionSnapshot | null; after: RevisionSnapshot | null }) {
  const { t } = useTranslation();
  const empty: RevisionSnapshot = { title: '', tags: [], original_text: '', slug_name: '' };
  const a = before ?? empty;
  const b = after ?? empty;
  return (
    <div className="space-y-3 rounded-md border border-gray-200 bg-gray-50 p-3 dark:border-gray-700 dark:bg-gray-900">
      <Diff label={t('ui.curation.diff.title')} before={a.title} after={b.title} />
      <Diff label={t('ui.curation.diff.slug')} before={a.slug_name} after={b.slug_name} />
      <Diff label={t('ui.curation.diff.tags')} before={a.tags.join(' ')} after={b.tags.join(' ')} />
      <Diff label={t('ui.curation.diff.body')} before={a.original_text} after={b.original_text} />
    </div>
  );
}
