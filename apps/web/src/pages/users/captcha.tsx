import { TIMING, type ActionRecord, type CaptchaAction } from '@inquire/shared';
import { useRef, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/field';
import { serverFieldErrors } from '../../lib/forms';
import { API_BASE, http } from '../../lib/http';
import { useTranslation } from '../../lib/translation';

export interface CaptchaValue {
  captcha_id?: string;
  captcha_code?: string;
}

interface DialogState {
  open: boolean;
  id: string;
  img: string;
  code: string;
  error: string;
}

const CLOSED: DialogState = { open: false, id: '', img: '', code: '', error: '' };

/**
 * The captcha of spec section 4: before an action, ask the server whether it needs one
 * (`user/action/record`); if so, wait for the person to type the code. A server error on
 * `captcha_code` marks the input invalid, reloads the image and reopens the dialog.
 * `run(send)` returns the action's result, or undefined when the person cancels.
 */
export function useCaptcha(action: CaptchaAction) {
  const { t } = useTranslation();
  const [state, setState] = useState<DialogState>(CLOSED);
  const waiting = useRef<((value: CaptchaValue | null) => void) | null>(null);
  const closing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  async function challenge(error = ''): Promise<CaptchaValue | null> {
    const record = await http.get<ActionRecord>(`${API_BASE}/user/action/record`, { params: { action }, silent: true });
    if (!record.verify) return {};
    return new Promise((resolve) => {
      waiting.current = resolve;
      clearTimeout(closing.current);
      setState({ open: true, id: record.captcha_id, img: record.captcha_img, code: '', error });
    });
  }

  function finish(value: CaptchaValue | null) {
    const resolve = waiting.current;
    waiting.current = null;
    const close = () => setState((s) => ({ ...s, open: false }));
    // A sent code closes the dialog a moment later (spec section 9), while the request goes out;
    // a wrong code's new challenge within that moment keeps it open.
    if (value) closing.current = setTimeout(close, TIMING.captchaCloseMs);
    else close();
    resolve?.(value);
  }

  async function run<T>(send: (captcha: CaptchaValue) => Promise<T>): Promise<T | undefined> {
    let captcha = await challenge();
    while (captcha) {
      try {
        return await send(captcha);
      } catch (error) {
        const fields = serverFieldErrors(error);
        if (!fields.captcha_code) throw error;
        captcha = await challenge(fields.captcha_code);
      }
    }
    return undefined;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    if (!state.code.trim()) {
      setState((s) => ({ ...s, error: t('form.captcha_code.required') }));
      return;
    }
    finish({ captcha_id: state.id, captcha_code: state.code.trim() });
  }

  async function reload() {
    const record = await http.get<ActionRecord>(`${API_BASE}/user/action/record`, { params: { action }, silent: true });
    setState((s) => ({ ...s, id: record.captcha_id, img: record.captcha_img, code: '' }));
  }

  const dialog = (
    <Dialog
      open={state.open}
      onOpenChange={(open) => (open ? undefined : finish(null))}
      title={t('ui.account.captcha.title')}
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <div className="flex items-center gap-3">
          {state.img ? (
            <img
              src={state.img}
              alt={t('ui.account.captcha.image_alt')}
              width={150}
              height={50}
              className="rounded border border-gray-200 bg-white"
            />
          ) : null}
          <Button type="button" variant="link" size="sm" onClick={() => void reload()}>
            {t('ui.account.captcha.reload')}
          </Button>
        </div>
        <TextField
          label={t('ui.account.captcha.label')}
          name="captcha_code"
          autoComplete="off"
          autoFocus
          value={state.code}
          error={state.error || undefined}
          onChange={(e) => setState((s) => ({ ...s, code: e.target.value, error: '' }))}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => finish(null)}>
            {t('ui.dialog.cancel')}
          </Button>
          <Button type="submit">{t('ui.account.captcha.verify')}</Button>
        </div>
      </form>
    </Dialog>
  );

  return { run, dialog };
}
