import { translate } from '@inquire/i18n';
import type { Language } from '@inquire/shared';
import { escapeHtml } from '../mail/templates.js';
import type { OutgoingEmail } from '../mail/outbox.repository.js';
import type { Digest } from './email-digest.repository.js';

/** One thing the email tells: who did what on which post, and the post's address. */
export interface EmailLine {
  action: string;
  actor: string;
  title: string;
  link: string;
}

export interface NotificationEmailInput {
  to: string;
  name: string;
  site: string;
  digest: Digest;
  lines: readonly EmailLine[];
  /** The page that confirms the unsubscribe (`/users/unsubscribe?code=`). */
  unsubscribePage: string;
  /** The RFC 8058 one-click address (a POST there unsubscribes without signing in). */
  oneClick: string;
  settingsPage: string;
  /** Where the rest is listed when there are more lines than one email shows. */
  moreLink: string;
}

/** Lines one email shows; the rest are counted under a link (the inbox, the question list). */
export const MAX_EMAIL_LINES = 20;

/**
 * A notification email in the receiver's language: one line per item (a digest), each linking
 * to its post, and the unsubscribe link with the one-click headers. Every value from people
 * (names, titles, the site name) is escaped as a whole text in the HTML: catalog strings are
 * filled first, by a function replacer (no `$&` patterns), and the result is escaped.
 */
export function renderNotificationEmail(lang: Language, input: NotificationEmailInput): OutgoingEmail {
  const t = (key: string, vars: Record<string, string | number> = {}) =>
    translate(lang, `email.notification.${key}`, { site: input.site, ...vars });
  const lineText = (line: EmailLine) => t(`line.${line.action}`, { actor: line.actor, title: line.title });
  const only = input.lines.length === 1 ? input.lines[0] : undefined;
  const subject = only
    ? `[${input.site}] ${lineText(only)}`
    : t(`subject_many.${input.digest}`, { count: input.lines.length });
  const greeting = translate(lang, 'email.greeting', { name: input.name });
  const intro = t(`intro.${input.digest}`);
  const why = t(`why.${input.digest}`);
  const unsubscribe = t('unsubscribe');
  const settings = t('settings');
  const shown = input.lines.slice(0, MAX_EMAIL_LINES);
  const hidden = input.lines.length - shown.length;
  const more = hidden > 0 ? t('more', { count: hidden }) : '';

  const text = [
    greeting,
    intro,
    [
      ...shown.map((line) => `- ${lineText(line)}\n  ${line.link}`),
      ...(more ? [`${more}\n  ${input.moreLink}`] : []),
    ].join('\n'),
    `${why}\n${unsubscribe}: ${input.unsubscribePage}\n${settings}: ${input.settingsPage}`,
    `— ${input.site}`,
  ].join('\n\n');

  const items = shown
    .map(
      (line) =>
        `<li style="margin:8px 0"><a href="${escapeHtml(line.link)}" style="color:#0033ff">${escapeHtml(lineText(line))}</a></li>`,
    )
    .concat(
      more ? [`<li style="margin:8px 0"><a href="${escapeHtml(input.moreLink)}">${escapeHtml(more)}</a></li>`] : [],
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="${lang.replace('_', '-')}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#1f2328;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<ul style="padding-left:20px">
${items}
</ul>
<p style="color:#555;font-size:13px">${escapeHtml(why)}<br>
<a href="${escapeHtml(input.unsubscribePage)}">${escapeHtml(unsubscribe)}</a> · <a href="${escapeHtml(input.settingsPage)}">${escapeHtml(settings)}</a></p>
<p style="color:#555;font-size:13px">— ${escapeHtml(input.site)}</p>
</body></html>`;
  return {
    to: input.to,
    subject,
    html,
    text,
    headers: {
      'List-Unsubscribe': `<${input.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
