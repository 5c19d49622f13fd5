import { LIMITS } from '@inquire/shared';
import { API_BASE, sendForm } from '../../lib/http';

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
