import { gzipSync } from 'node:zlib';
import { questionPath, slugify } from '@inquire/shared';
import type { SiteRuntime } from '../../infra/site.js';
import type { SiteinfoService } from '../siteinfo/siteinfo.service.js';
import { sitemapRepository } from './sitemap.repository.js';

/** The sitemap protocol's limit per file (peer facts 9 and 14). */
export const SITEMAP_URLS_PER_FILE = 50_000;
/** How long a plan and its files are served before they are rebuilt (peer facts 14: 1 h). */
export const SITEMAP_REBUILD_MS = 60 * 60 * 1000;

/** Where each file starts: the first question id of every 50,000 listed ones. */
interface Plan {
  at: number;
  starts: string[];
}

/** A built file: its XML, and the same gzipped (most crawlers take it so). */
export interface SitemapFile {
  xml: string;
  gzip: Buffer;
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

const isoDate = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

function file(xml: string): SitemapFile {
  return { xml, gzip: gzipSync(xml) };
}

/**
 * `/sitemap.xml` and `/sitemap/{n}`: the listed questions at their permalink form. One file
 * while there are at most 50,000, else an index of files. Requests are answered from memory:
 * the plan (where each file starts) is built by walking question ids in keyset pages, each
 * file from one bounded range of ids, and both are kept an hour. A stale plan is served while
 * its successor is built, so no request waits on a walk of a large site but the first.
 */
export class SitemapService {
  private plan: Plan | undefined;
  private building: Promise<Plan> | undefined;
  private files = new Map<number, SitemapFile>();
  /** The settings the files were written with: a new site URL or permalink form rewrites them. */
  private filesKey = '';

  constructor(
    private readonly site: SiteRuntime,
    private readonly siteinfo: SiteinfoService,
    private readonly perFile = SITEMAP_URLS_PER_FILE,
  ) {}

  /** `/sitemap.xml`: the only file, or the index of files when there are more. */
  async root(): Promise<SitemapFile> {
    const plan = await this.currentPlan();
    if (plan.starts.length <= 1) return await this.page(1, plan);
    const base = await this.baseUrl();
    const entries = plan.starts.map(
      (_, index) => `<sitemap><loc>${escapeXml(`${base}/sitemap/${index + 1}`)}</loc></sitemap>`,
    );
    return file(
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}</sitemapindex>\n`,
    );
  }

  /** `/sitemap/{n}` (1-based); undefined past the last file. */
  async page(n: number, known?: Plan): Promise<SitemapFile> {
    const plan = known ?? (await this.currentPlan());
    const key = await this.settingsKey();
    if (key !== this.filesKey) {
      this.files.clear();
      this.filesKey = key;
    }
    const cached = this.files.get(n);
    if (cached) return cached;
    const start = plan.starts[n - 1];
    const rows = start === undefined ? [] : await sitemapRepository.listedFrom(this.site.db, start, this.perFile);
    // The file ends where the next begins, so a question listed since the plan is in one file only.
    const next = plan.starts[n];
    const { base, permalink } = await this.settingsOf();
    const urls = rows
      .filter((row) => next === undefined || row.id < next)
      .map((row) => {
        const path = questionPath({ id: row.id, url_title: slugify(row.title) }, permalink);
        const lastmod = isoDate(row.updated_at || row.created_at);
        return `<url><loc>${escapeXml(base + encodeURI(path))}</loc><lastmod>${lastmod}</lastmod></url>`;
      });
    const built = file(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`,
    );
    if (start !== undefined || n === 1) this.files.set(n, built);
    return built;
  }

  /** How many files the plan has (the index's length; 1 for a small or empty site). */
  async fileCount(): Promise<number> {
    return Math.max(1, (await this.currentPlan()).starts.length);
  }

  private async currentPlan(): Promise<Plan> {
    const plan = this.plan;
    if (plan && Date.now() - plan.at < SITEMAP_REBUILD_MS) return plan;
    this.building ??= this.buildPlan().finally(() => {
      this.building = undefined;
    });
    if (!plan) return await this.building;
    // Stale: answer from the old plan while the new one is built (a failed build is retried
    // by the next request, and must not go unhandled meanwhile).
    this.building.catch(() => undefined);
    return plan;
  }

  private async buildPlan(): Promise<Plan> {
    const starts: string[] = [];
    let after = '';
    for (;;) {
      const ids = await sitemapRepository.listedIdsAfter(this.site.db, after, this.perFile);
      if (ids.length === 0) break;
      starts.push(ids[0] as string);
      after = ids[ids.length - 1] as string;
      if (ids.length < this.perFile) break;
    }
    const plan = { at: Date.now(), starts };
    this.plan = plan;
    this.files.clear();
    return plan;
  }

  private async settingsOf(): Promise<{ base: string; permalink: number }> {
    const settings = await this.siteinfo.settings();
    return { base: settings.general.site_url.replace(/\/+$/, ''), permalink: settings.site_seo.permalink };
  }

  private async baseUrl(): Promise<string> {
    return (await this.settingsOf()).base;
  }

  private async settingsKey(): Promise<string> {
    const { base, permalink } = await this.settingsOf();
    return `${base} ${permalink}`;
  }
}
