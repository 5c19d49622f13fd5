import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/http';
import { useTranslation } from '../../lib/translation';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { TextField } from '../ui/field';
import { imageProblem, uploadPostImage } from './upload-image';

interface ImageDialogProps {
  open: boolean;
  onClose(): void;
  onInsert(url: string, alt: string): void;
}

/**
 * An image from an upload (image files only, up to 4 MB, checked here and again by the
 * server) or from a URL; one of the two is required (spec §5).
 */
export function ImageDialog({ open, onClose, onInsert }: ImageDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [file, setFile] = useState<File>();
  const [url, setUrl] = useState('');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  function choose(next: File | undefined) {
    setFile(next);
    const problem = next ? imageProblem(next) : undefined;
    setError(problem ? t(`ui.editor.image_dialog.${problem}`) : undefined);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    // React events bubble through portals: the page's own form must not see this submit.
    event.stopPropagation();
    if (!file && !url.trim()) {
      setError(t('ui.editor.image_dialog.required'));
      return;
    }
    if (!file) {
      onInsert(url.trim(), alt);
      return;
    }
    const problem = imageProblem(file);
    if (problem) {
      setError(t(`ui.editor.image_dialog.${problem}`));
      return;
    }
    setBusy(true);
    try {
      onInsert(await uploadPostImage(file), alt);
    } catch (cause) {
      setError(cause instanceof ApiError && cause.message ? cause.message : t('ui.editor.image_dialog.not_image'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next || busy ? undefined : onClose())}
      title={t('ui.editor.image_dialog.title')}
      footer={
        <>
          <Button variant="secondary" type="button" disabled={busy} onClick={onClose}>
            {t('ui.editor.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {busy ? t('ui.editor.image_dialog.uploading') : t('ui.editor.insert')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        <TextField
          label={t('ui.editor.image_dialog.file')}
          help={t('ui.editor.image_dialog.file_help')}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          error={error}
          onChange={(e) => choose(e.target.files?.[0])}
        />
        <TextField
          label={t('ui.editor.image_dialog.url')}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={url}
          onChange={(e) => {
            setUrl(e.target.value);
            if (!file) setError(undefined);
          }}
        />
        <TextField label={t('ui.editor.image_dialog.alt')} value={alt} onChange={(e) => setAlt(e.target.value)} />
      </form>
    </Dialog>
  );
}
