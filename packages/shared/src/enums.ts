/** Enumerations shared by the server and the web app, with the peer's numeric values. */

export const ROLE = { user: 1, admin: 2, moderator: 3 } as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];

export const USER_STATUS = { normal: 1, suspended: 9, deleted: 10 } as const;
export const MAIL_STATUS = { activated: 1, inactive: 2 } as const;

export const QUESTION_STATUS = { normal: 1, closed: 2, deleted: 10, pending: 11 } as const;
export const QUESTION_SHOW = { shown: 1, hidden: 2 } as const;
export const QUESTION_PIN = { unpinned: 1, pinned: 2 } as const;
export const ANSWER_STATUS = { normal: 1, deleted: 10, pending: 11 } as const;
export const COMMENT_STATUS = { normal: 1, deleted: 10, pending: 11 } as const;
export const TAG_STATUS = { normal: 1, deleted: 10 } as const;

export const COLOR_SCHEMES = ['default', 'light', 'dark', 'system'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];

export const LANGUAGES = ['en_US', 'zh_CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en_US';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Picks a supported language from an Accept-Language header or a stored preference. */
export function pickLanguage(...candidates: (string | null | undefined)[]): Language {
  for (const candidate of candidates) {
    if (!candidate) continue;
    for (const part of candidate.split(',')) {
      const tag = part.split(';')[0]?.trim().replace('-', '_').toLowerCase() ?? '';
      if (tag.startsWith('zh')) return 'zh_CN';
      if (tag.startsWith('en')) return 'en_US';
    }
  }
  return DEFAULT_LANGUAGE;
}

export const LANGUAGE_OPTIONS: readonly { label: string; value: Language }[] = [
  { label: 'English', value: 'en_US' },
  { label: '简体中文', value: 'zh_CN' },
];

export const SMTP_ENCRYPTIONS = ['SSL', 'TLS', ''] as const;
export const NAVBAR_STYLES = ['colored', 'light', 'dark'] as const;
export type NavbarStyle = (typeof NAVBAR_STYLES)[number];
