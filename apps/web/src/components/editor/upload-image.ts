import { LIMITS, type Envelope } from '@inquire/shared';
import { getToken } from '../../lib/auth-storage';
import { API_BASE, ApiError } from '../../lib/http';
import { currentLanguage } from '../../lib/i18n';

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
export async function uploadImage(file: File, source: 'post' | 'branding'): Promise<string> {
  const form = new FormData();
  form.append('source', source);
  form.append('file', file);
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage().replace('_', '-') };
  const token = getToken();
  if (token) headers.Authorization = token;
  const response = await fetch(`${API_BASE}/file`, { method: 'POST', body: form, headers, credentials: 'include' });
  const envelope = (await response.json().catch(() => null)) as Envelope<string> | null;
  if (!response.ok || !envelope) {
    throw new ApiError(response.status, envelope?.reason ?? 'base.unknown', envelope?.msg ?? '', envelope?.data);
  }
  return envelope.data;
}
