import { ACCOUNT_REASONS, type SmtpInput, type SmtpSettings, SMTP_PASSWORD_MASK } from '@inquire/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../infra/db.js';
import type { SiteRuntime } from '../../infra/site.js';
import { nowSeconds } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { nextId } from '../../lib/ids.js';
import { PeriodicPass } from '../../lib/periodic-pass.js';
import { OUTBOX_STATUS, outboxRepository, type OutgoingEmail } from './outbox.repository.js';
import { presentSmtp, readSmtp, smtpConfigured, writeSmtp } from './smtp-settings.js';
import { renderEmail } from './templates.js';

/** How long one sending attempt owns a row before another process may try it. */
const LEASE_SECONDS = 120;
/** Retry backoff: 30 s, 1 min, 2 min, … capped at one hour; a row is never dropped. */
export function backoffSeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

/** nodemailer is loaded on the first email: a worker that sends none never holds it (~15 MB). */
async function transportFor(settings: SmtpSettings) {
  const { default: nodemailer } = await import('nodemailer');
  return nodemailer.createTransport({
    host: settings.smtp_host,
    port: settings.smtp_port,
    secure: settings.encryption === 'SSL',
    requireTLS: settings.encryption === 'TLS',
    ignoreTLS: settings.encryption === '',
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    ...(settings.smtp_authentication && settings.smtp_username
      ? { auth: { user: settings.smtp_username, pass: settings.smtp_password } }
      : {}),
  });
}

function fromHeader(settings: SmtpSettings): string | { name: string; address: string } {
  return settings.from_name ? { name: settings.from_name, address: settings.from_email } : settings.from_email;
}

/**
 * Email through a durable outbox: `enqueue` writes a row inside the caller's transaction (so
 * the mail exists exactly when the state change does); a worker started with the app sends
 * due rows with nodemailer, retrying with backoff. Without SMTP settings each email is written
 * to the server log, so a self-hoster can still follow an activation link.
 */
export class MailService {
  private readonly worker = new PeriodicPass(() => this.sendDue());
  private log: FastifyBaseLogger | undefined;
  private readonly composers: Array<() => Promise<void>> = [];

  constructor(private readonly site: SiteRuntime) {}

  /** Writes one email to the outbox; call with the transaction of the state change. */
  async enqueue(db: Db, email: OutgoingEmail): Promise<void> {
    await outboxRepository.insert(db, await nextId(db, 'email'), email, nowSeconds());
  }

  render = renderEmail;

  /**
   * Adds a step each pass runs before sending: one that writes due emails into the outbox
   * (the notification digests), so they go out in the same pass.
   */
  addComposer(compose: () => Promise<void>): void {
    this.composers.push(compose);
  }

  start(log: FastifyBaseLogger, intervalMs = Number(process.env.INQUIRE_MAIL_INTERVAL_MS ?? 3000)): void {
    this.log = log;
    this.worker.start(intervalMs, (error) => log.error({ err: error }, 'outbox'));
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }

  /** One pass over the due rows; overlapping calls share the pass in progress. */
  runOnce(): Promise<void> {
    return this.worker.run();
  }

  private async sendDue(): Promise<void> {
    if (!this.site.hasDatabase || !(await this.site.isInstalled())) return;
    // A composer that fails leaves its rows for the next pass and holds up no other mail.
    for (const compose of this.composers) {
      await compose().catch((error: unknown) => this.log?.error({ err: error }, 'composing notification emails'));
    }
    const db = this.site.db;
    const now = nowSeconds();
    const rows = await outboxRepository.due(db, now, 20);
    if (rows.length === 0) return;
    const settings = await readSmtp(db);
    const configured = smtpConfigured(settings);
    const transport = configured ? await transportFor(settings) : undefined;
    try {
      for (const row of rows) {
        if (!(await outboxRepository.claim(db, row.id, Number(row.next_attempt_at), now + LEASE_SECONDS))) continue;
        if (!transport) {
          this.log?.warn(
            { to: row.to_address, subject: row.subject, text: row.text },
            'SMTP is not configured: email written to the log instead of sent',
          );
          await outboxRepository.markDone(db, row.id, OUTBOX_STATUS.logged, nowSeconds());
          continue;
        }
        try {
          await transport.sendMail({
            from: fromHeader(settings),
            to: row.to_address,
            subject: row.subject,
            html: row.html,
            text: row.text,
            ...(row.headers ? { headers: JSON.parse(row.headers) as Record<string, string> } : {}),
          });
          await outboxRepository.markDone(db, row.id, OUTBOX_STATUS.sent, nowSeconds());
        } catch (error) {
          const attempts = Number(row.attempts) + 1;
          const message = error instanceof Error ? error.message : String(error);
          this.log?.warn({ to: row.to_address, attempts, err: message }, 'email not sent; will retry');
          await outboxRepository.markFailed(db, row.id, attempts, nowSeconds() + backoffSeconds(attempts), message);
        }
      }
    } finally {
      transport?.close();
    }
  }

  async smtpSettings() {
    return presentSmtp(await readSmtp(this.site.db));
  }

  /** Saves the settings (the mask keeps the stored password), then sends the test email if asked. */
  async updateSmtp(input: SmtpInput, lang: Parameters<typeof renderEmail>[0], siteName: string): Promise<void> {
    const db = this.site.db;
    const current = await readSmtp(db);
    const { test_email_recipient: recipient, ...value } = input;
    if (value.smtp_password === SMTP_PASSWORD_MASK) value.smtp_password = current.smtp_password;
    await writeSmtp(db, value, nowSeconds());
    if (!recipient) return;
    if (!smtpConfigured(value)) throw AppError.display(ACCOUNT_REASONS.smtpSendFailed, 'toast');
    const email = renderEmail(lang, 'test', recipient, { site: siteName });
    const transport = await transportFor(value);
    try {
      await transport.sendMail({ from: fromHeader(value), ...email });
    } catch (error) {
      this.log?.warn({ err: error instanceof Error ? error.message : String(error) }, 'test email failed');
      throw AppError.display(ACCOUNT_REASONS.smtpSendFailed, 'toast');
    } finally {
      transport.close();
    }
  }
}
