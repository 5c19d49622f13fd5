import type { FastifyInstance } from 'fastify';
import { LIMITS } from '@inquire/shared';
import { ok } from '../../infra/envelope.js';
import { requireActive, requireReader } from '../../infra/guards.js';
import { isActiveAdmin } from '../auth/actor.js';
import { AppError } from '../../lib/errors.js';
import { parseMultipart } from './multipart.js';
import { UPLOAD_SOURCES, type UploadSource } from './uploads.service.js';

/** A public site's uploads never change under their name, so anyone may cache them for a year. */
const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
/** A private site's uploads are for signed-in members only: no shared cache (proxy, CDN) may keep them. */
const PRIVATE_CACHE = 'private, max-age=3600';

/** Room for the image and the form's other fields and boundaries. */
const BODY_LIMIT = LIMITS.imageMaxBytes + 256 * 1024;

/** `POST file` (multipart {source, file}) and the stored files under /uploads. */
export async function uploadsRoutes(app: FastifyInstance): Promise<void> {
  const { uploads } = app.services;

  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post('/answer/api/v1/file', { bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const actor = requireActive(request);
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const parts = parseMultipart(body, request.headers['content-type'] ?? '');
    const source =
      parts
        .find((p) => p.name === 'source')
        ?.data.toString('utf8')
        .trim() ?? '';
    const file = parts.find((p) => p.name === 'file' && p.filename !== undefined);
    const issues = [];
    if (!(UPLOAD_SOURCES as readonly string[]).includes(source))
      issues.push({ field: 'source', key: 'form.source.invalid' });
    if (!file) issues.push({ field: 'file', key: 'form.file.required' });
    if (issues.length || !file) throw AppError.fields(issues);
    // The site's logos and icons are the admin's to change (peer facts 13: branding is admin only).
    if (source === 'branding' && !isActiveAdmin(actor)) throw AppError.forbidden();
    await app.services.writeLimits.guard('upload', request, {});
    const url = await uploads.store(actor, source as UploadSource, file.data);
    return ok(request, reply, url);
  });

  app.get('/uploads/*', async (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    // The logo and icons appear on a private site's login page too (peer facts 9: they stay public).
    if (!path.startsWith('branding/')) await requireReader(request);
    const file = await uploads.read(path);
    if (!file) throw AppError.notFound();
    const { login } = await app.services.siteinfo.settings();
    return reply
      .header('content-type', file.mime)
      .header('cache-control', login.login_required ? PRIVATE_CACHE : PUBLIC_CACHE)
      .header('x-content-type-options', 'nosniff')
      .send(file.data);
  });
}
