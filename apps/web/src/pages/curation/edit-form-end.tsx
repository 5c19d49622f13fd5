import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { useTranslation } from '../../lib/translation';

/** What every edit screen ends with: the edit summary, then save and cancel (back where one came from). */
export function EditFormEnd({
  summary,
  error,
  busy,
  onSummaryChange,
}: {
  summary: string;
  error?: string;
  busy: boolean;
  onSummaryChange(summary: string): void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <TextField
        label={t('ui.curation.edit_summary')}
        help={t('ui.curation.edit_summary_help')}
        name="edit_summary"
        value={summary}
        error={error}
        maxLength={300}
        onChange={(e) => onSummaryChange(e.target.value)}
      />
      <div className="flex gap-3">
        <Button type="submit" loading={busy}>
          {t('ui.curation.save_edit')}
        </Button>
        <Button type="button" variant="secondary" onClick={() => void navigate(-1)}>
          {t('ui.dialog.cancel')}
        </Button>
      </div>
    </>
  );
}
