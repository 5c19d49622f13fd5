import { DEFAULT_PRIMARY_COLOR, DEFAULT_ROBOTS, defaultRobots } from '@inquire/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { acceptsGzip } from '../../ssr/guest-pages.js';
import { SitemapService, type SitemapFile } from '../seo/sitemap.service.js';

/** What a private site tells every crawler: nothing here is public. */
const PRIVATE_ROBOTS = 'User-agent: *\nDisallow: /\n';

/** The default icon: a question mark on the default primary colour, drawn without fonts. */
const DEFAULT_ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">
<rect width="32" height="32" rx="7" fill="${DEFAULT_PRIMARY_COLOR}"/>
<path d="M11 12.5a5 5 0 1 1 7.2 4.5c-1.5.8-2.2 1.7-2.2 3.3V21" fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round"/>
<circle cx="16" cy="25.5" r="2" fill="#fff"/>
</svg>`;

/**
 * Files every site answers at its root: `/robots.txt` from the SEO settings (peer facts 9:
 * `Disallow: /` when the site is private) and a default `/favicon.ico` until the admin sets
 * one in Branding (browsers ask for it on every site, with or without a link in the head).
 */
export async function siteFilesRoutes(app: FastifyInstance): Promise<void> {
  const { siteinfo } = app.services;

  app.get('/robots.txt', async (_request, reply) => {
    const { login, site_seo, general } = await siteinfo.settings();
    // Until the admin writes a robots text, the default names the sitemap at the site's address.
    const robots = site_seo.robots === DEFAULT_ROBOTS ? defaultRobots(general.site_url) : site_seo.robots;
    const text = login.login_required ? PRIVATE_ROBOTS : robots.endsWith('\n') ? robots : `${robots}\n`;
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=300').send(text);
  });

  // Sitemaps (peer facts 9): a private site has none, as it has no public pages.
  const sitemap = new SitemapService(app.site, siteinfo);
  const sendSitemap = async (request: FastifyRequest, reply: FastifyReply, built: () => Promise<SitemapFile>) => {
    if (!app.site.hasDatabase || !(await app.site.isInstalled())) throw AppError.notFound();
    if ((await siteinfo.settings()).login.login_required) throw AppError.notFound();
    const file = await built();
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    reply.header('vary', 'accept-encoding');
    if (acceptsGzip(request.headers['accept-encoding']))
      return reply.header('content-encoding', 'gzip').send(file.gzip);
    return reply.send(file.xml);
  };
  app.get('/sitemap.xml', (request, reply) => sendSitemap(request, reply, () => sitemap.root()));
  app.get<{ Params: { page: string } }>('/sitemap/:page', (request, reply) =>
    sendSitemap(request, reply, async () => {
      const n = /^[1-9]\d{0,5}$/.test(request.params.page) ? Number(request.params.page) : 0;
      if (n < 1 || n > (await sitemap.fileCount())) throw AppError.notFound();
      return await sitemap.page(n);
    }),
  );

  let icon: Promise<Buffer> | undefined;
  app.get('/favicon.ico', async (_request, reply) => {
    icon ??= defaultIcon();
    return reply
      .type('image/x-icon')
      .header('cache-control', 'public, max-age=86400')
      .send(await icon);
  });
  app.get('/favicon.svg', async (_request, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(DEFAULT_ICON_SVG),
  );
}

/** An ICO file holding one 32x32 PNG (ICO allows PNG entries since Windows Vista; every browser reads them). */
async function defaultIcon(): Promise<Buffer> {
  // sharp (libvips) is loaded on first use: a worker that never draws an image never maps it.
  const { default: sharp } = await import('sharp');
  const png = await sharp(Buffer.from(DEFAULT_ICON_SVG)).resize(32, 32).png().toBuffer();
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(32, 6); // width
  header.writeUInt8(32, 7); // height
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14); // image size
  header.writeUInt32LE(22, 18); // image offset
  return Buffer.concat([header, png]);
}
