import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/translation';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { TextField } from '../ui/field';

interface LinkDialogProps {
  open: boolean;
  /** The selected text, offered as the link text. */
  initialText: string;
  onClose(): void;
  onInsert(url: string, text: string): void;
}

/** URL and text of a link; an empty URL is refused (spec §5: "Link URL cannot be empty."). */
export function LinkDialog({ open, initialText, onClose, onInsert }: LinkDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [url, setUrl] = useState('');
  const [text, setText] = useState(initialText);
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    // React events bubble through portals: the page's own form must not see this submit.
    event.stopPropagation();
    if (!url.trim()) {
      setError(t('ui.editor.link_dialog.url_required'));
      return;
    }
    onInsert(url, text);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={t('ui.editor.link_dialog.title')}
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
        <TextField
          label={t('ui.editor.link_dialog.url')}
          type="url"
          inputMode="url"
          placeholder="https://"
          value={url}
          error={error}
          autoFocus
          onChange={(e) => {
            setUrl(e.target.value);
            setError(undefined);
          }}
        />
        <TextField
          label={t('ui.editor.link_dialog.text')}
          help={t('ui.editor.link_dialog.text_help')}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </form>
    </Dialog>
  );
}
