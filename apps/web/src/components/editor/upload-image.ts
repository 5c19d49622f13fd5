import { LIMITS, TIMING, type Envelope } from '@inquire/shared';
import { API_BASE, ApiError, apiHeaders, noAnswer } from '../../lib/http';

export type ImageProblem = 'too_large' | 'not_image';

/** What the browser can tell before uploading (the server checks again by decoding it). */
export function imageProblem(file: { size: number; type: string }): ImageProblem | undefined {
  if (!file.type.startsWith('image/')) return 'not_image';
  if (file.size > LIMITS.imageMaxBytes) return 'too_large';
  return undefined;
}

/** `POST file` as multipart with `source=post`; the server answers with the image's URL. */
export async function uploadPostImage(file: File): Promise<string> {
  return await uploadImage(file, 'post');
}

/** `POST file` as multipart; `branding` is for admins (the site's logos and icons). */
export async function uploadImage(file: File, source: 'post' | 'branding' | 'avatar'): Promise<string> {
  const form = new FormData();
  form.append('source', source);
  form.append('file', file);
  return await sendForm<string>(`${API_BASE}/file`, form);
}

/**
 * `form` as multipart to `url`, with the headers and the 10 s time-out of every call (lib/http.ts;
 * kept here, where uploads are, so the script every page loads does not carry it); a failure is
 * an ApiError for the form to show (no toast).
 */
async function sendForm<T>(url: string, form: FormData): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    body: form,
    headers: apiHeaders(),
    credentials: 'include',
    signal: AbortSignal.timeout(TIMING.requestTimeoutMs),
  }).catch((cause: unknown) => {
    throw new ApiError(0, noAnswer(cause).reason, String(cause), null);
  });
  const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (!response.ok || !envelope) {
    throw new ApiError(response.status, envelope?.reason ?? 'base.unknown', envelope?.msg ?? '', envelope?.data);
  }
  return envelope.data;
}
