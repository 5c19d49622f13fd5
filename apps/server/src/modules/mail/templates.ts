import { translate } from '@inquire/i18n';
import type { Language } from '@inquire/shared';
import type { OutgoingEmail } from './outbox.repository.js';

export type EmailKind =
  'activation' | 'reset' | 'change_email' | 'email_changed' | 'edit_outdated' | 'bind_external' | 'test';

/** Notices whose link does not expire: no "this link expires" note under them. */
const LASTING_LINKS: ReadonlySet<EmailKind> = new Set(['edit_outdated']);

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function escapeAll(vars: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, escapeHtml(v)]));
}

/**
 * One email in the receiver's language, as HTML and as plain text. Every value that comes from
 * people (site name, display name, addresses) is escaped in the HTML version.
 */
export function renderEmail(
  lang: Language,
  kind: EmailKind,
  to: string,
  vars: { site: string; name?: string; link?: string; new_email?: string; provider?: string },
): OutgoingEmail {
  const plain = {
    site: vars.site,
    name: vars.name ?? '',
    link: vars.link ?? '',
    new_email: vars.new_email ?? '',
    provider: vars.provider ?? '',
  };
  const safe = escapeAll(plain);
  const key = (part: string) => `email.${kind}.${part}`;
  const subject = translate(lang, key('subject'), plain);
  const greeting = plain.name ? translate(lang, 'email.greeting', plain) : '';
  const body = translate(lang, key('body'), plain);
  // The expiry note is about a link: notices without one (test, email changed) have none.
  const footer = plain.link && !LASTING_LINKS.has(kind) ? translate(lang, 'email.expires_note', plain) : '';
  const text = [greeting, body, plain.link, footer, `— ${plain.site}`].filter(Boolean).join('\n\n');

  const button = vars.link
    ? `<p style="margin:24px 0"><a href="${safe.link}" style="background:#0033ff;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(translate(lang, key('action'), plain))}</a></p>
<p style="color:#555;font-size:13px">${escapeHtml(translate(lang, 'email.link_fallback', plain))}<br><a href="${safe.link}">${safe.link}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="${lang.replace('_', '-')}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#1f2328;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
${greeting ? `<p>${escapeHtml(greeting)}</p>` : ''}
<p>${escapeHtml(body)}</p>
${button}
${footer ? `<p style="color:#555;font-size:13px">${escapeHtml(footer)}</p>` : ''}
<p style="color:#555;font-size:13px">— ${safe.site}</p>
</body></html>`;
  return { to, subject, html, text };
}
