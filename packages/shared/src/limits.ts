/** Lengths, sizes and timings from spec section 9. */
export const LIMITS = {
  tagNameMax: 35,
  usernameMax: 30,
  displayNameMax: 30,
  registerNameMin: 4,
  registerNameMax: 30,
  passwordMin: 8,
  passwordMax: 32,
  adminUsernameMin: 3,
  questionTitleMax: 150,
  answerMin: 6,
  imageMaxBytes: 4 * 1024 * 1024,
  siteNameMax: 30,
  siteUrlMax: 512,
} as const;

export const TIMING = {
  requestTimeoutMs: 10_000,
  chunkLoadTimeoutMs: 120_000,
  skeletonDelayMs: 1000,
  draftThrottleMs: 3000,
  notificationPollMs: 3000,
  userRefreshThrottleMs: 10_000,
  toastMs: 5000,
  toastOffsetPx: 90,
  captchaCloseMs: 50,
  highlightFadeMs: 3200,
  storageTtlMs: 7 * 24 * 60 * 60 * 1000,
  tokenTtlSeconds: 7 * 24 * 60 * 60,
} as const;

export const PAGING = {
  defaultPageSize: 10,
  staffSearchPageSize: 10,
  hotQuestions: { page: 1, page_size: 6, order: 'frequent', in_days: 7 },
} as const;

/** Usernames: a-z 0-9 and - . _ (spec section 5). */
export const USERNAME_PATTERN = /^[a-z0-9._-]+$/;
/** Registration names: a-z A-Z 0-9 and - . _ (spec section 5). */
export const DISPLAY_NAME_PATTERN = /^[a-zA-Z0-9._-]+$/;
/** The usual local@domain form. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
