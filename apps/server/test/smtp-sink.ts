import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { MailService } from '../src/modules/mail/mail.service.js';

export interface SinkMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Every header as sent, unfolded, by lower-case name (List-Unsubscribe and the like). */
  headers: Record<string, string>;
}

export interface SmtpSink {
  port: number;
  mails: SinkMail[];
  /** Waits for a mail to `to` (the newest matching), polling `tick` (e.g. the outbox worker) meanwhile. */
  waitFor(to: string, tick?: () => Promise<void>, timeoutMs?: number): Promise<SinkMail>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 with a free port: plain, no auth required, parsed mails kept. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const mails: SinkMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((parsed: ParsedMail) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
          mails.push({
            to: to?.value[0]?.address ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: Object.fromEntries(
              parsed.headerLines.map((h) => [
                h.key,
                h.line
                  .slice(h.line.indexOf(':') + 1)
                  .replace(/\r?\n\s+/g, ' ')
                  .trim(),
              ]),
            ),
          });
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    mails,
    async waitFor(to, tick, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.filter((m) => m.to.toLowerCase() === to.toLowerCase()).at(-1);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        if (tick) await tick();
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The `code` query parameter of the first site link in a mail's text. */
export function codeFromMail(mail: SinkMail, page: string): string {
  const match = mail.text.match(new RegExp(`https?://\\S+/users/${page}\\?code=([\\w%-]+)`));
  if (!match?.[1]) throw new Error(`no ${page} link in: ${mail.text}`);
  return decodeURIComponent(match[1]);
}

/** Sends a site's mail to the sink, as an admin saves plain SMTP without authentication. */
export async function mailToSink(
  mail: Pick<MailService, 'updateSmtp'>,
  sink: SmtpSink,
  siteName: string,
): Promise<void> {
  await mail.updateSmtp(
    {
      from_email: 'noreply@example.com',
      from_name: siteName,
      smtp_host: '127.0.0.1',
      smtp_port: sink.port,
      encryption: '',
      smtp_username: '',
      smtp_password: '',
      smtp_authentication: false,
    },
    'en_US',
    siteName,
  );
}
