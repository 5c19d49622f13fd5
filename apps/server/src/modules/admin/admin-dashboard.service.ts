import type { AdminDashboard } from '@inquire/shared';
import type { SiteRuntime } from '../../infra/site.js';
import { nowSeconds } from '../../lib/clock.js';
import { readSmtp, smtpConfigured } from '../mail/smtp-settings.js';
import { APP_VERSION } from '../siteinfo/siteinfo.service.js';
import type { SiteinfoService } from '../siteinfo/siteinfo.service.js';
import { adminDashboardRepository } from './admin-dashboard.repository.js';

/** The peer keeps the dashboard an hour (peer facts 12.2): the page says when its numbers were read. */
export const DASHBOARD_TTL_SECONDS = 60 * 60;

/** When this process started serving (the dashboard's "app start time"). */
const APP_START_TIME = nowSeconds();

/** A share in percent with one decimal, 0 when there is nothing to share. */
const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/**
 * GET dashboard: counts, health and versions, read at most once an hour per process. Settings
 * (SMTP, HTTPS, time zone, login) are read fresh on every call: they are cheap and an admin who
 * just fixed one expects to see it.
 */
export class AdminDashboardService {
  private cached: { at: number; counts: Awaited<ReturnType<AdminDashboardService['readCounts']>> } | undefined;

  constructor(
    private readonly site: SiteRuntime,
    private readonly siteinfo: SiteinfoService,
  ) {}

  async dashboard(): Promise<AdminDashboard> {
    const now = nowSeconds();
    if (!this.cached || now - this.cached.at >= DASHBOARD_TTL_SECONDS) {
      this.cached = { at: now, counts: await this.readCounts() };
    }
    const { at, counts } = this.cached;
    const settings = await this.siteinfo.settings();
    const smtp = await readSmtp(this.site.db);
    return {
      ...counts,
      // Answer's word for it, which its dashboard compares with 'enabled'.
      smtp: smtpConfigured(smtp) ? 'enabled' : 'not_configured',
      https: settings.general.site_url.startsWith('https://'),
      time_zone: settings.interface.time_zone,
      login_required: settings.login.login_required,
      // Answer's: seconds since the process started, as text; Inquire's page shows the moment.
      app_start_time: String(nowSeconds() - APP_START_TIME),
      app_started_at: APP_START_TIME,
      // Uploads are always on (as Answer says); how many files there are is Inquire's own field.
      uploading_files: true,
      node_version: process.versions.node,
      version_info: { version: APP_VERSION, revision: process.env.INQUIRE_REVISION ?? 'dev', remote_version: '' },
      as_of: at,
    };
  }

  private async readCounts() {
    const db = this.site.db;
    const driver = this.site.driver ?? 'sqlite';
    const counts = await adminDashboardRepository.counts(db);
    const engine = await adminDashboardRepository.engine(db, driver);
    return {
      question_count: counts.listed,
      resolved_count: counts.resolved,
      resolved_rate: rate(counts.resolved, counts.listed),
      unanswered_count: counts.unanswered,
      unanswered_rate: rate(counts.unanswered, counts.listed),
      answer_count: counts.answers,
      comment_count: counts.comments,
      vote_count: counts.votes,
      user_count: counts.users,
      report_count: counts.openFlags,
      upload_count: counts.uploads,
      occupying_storage_space: counts.uploadBytes,
      database_engine: driver,
      database_version: engine.version,
      database_size: engine.size,
    };
  }
}
