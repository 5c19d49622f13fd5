/**
 * Stable reason keys carried in every response envelope. The server translates them into
 * `msg`; a unit test checks that each key has text in every catalog of @inquire/i18n.
 * Keys and HTTP statuses follow the peer so its clients keep working.
 */
export const REASONS = {
  success: 'base.success',
  unknown: 'base.unknown',
  requestFormatError: 'base.request_format_error',
  unauthorized: 'base.unauthorized_error',
  forbidden: 'base.forbidden_error',
  notFound: 'base.not_found',
  databaseError: 'base.database_error',
  duplicateRequest: 'base.duplicate_request_error',
  tooManyRequests: 'base.too_many_requests',
  requestTimeout: 'base.request_timeout',
  payloadTooLarge: 'base.payload_too_large',
  notInstalled: 'install.not_installed',
  alreadyInstalled: 'install.already_installed',
  databaseConnectionFailed: 'install.database_connection_failed',
  configFileCreateFailed: 'install.config_file_create_failed',
  configFileExists: 'install.config_file_exists',
  emailOrPasswordIncorrect: 'error.object.email_or_password_incorrect',
  passwordLoginDisabled: 'error.user.password_login_disabled',
  userSuspended: 'error.user.suspended',
  userInactive: 'error.user.not_activated',
  userNotFound: 'error.user.not_found',
  legalTypeInvalid: 'error.legal.type_invalid',
  adminRequired: 'error.admin.required',
  questionNotFound: 'error.question.not_found',
  questionNotAnswerable: 'error.question.not_answerable',
  answerNotFound: 'error.answer.not_found',
  answerRestricted: 'error.answer.restrict_answer',
  acceptForbidden: 'error.answer.accept_forbidden',
  tagReserved: 'error.tag.reserved',
  tagCreateForbidden: 'error.tag.create_forbidden',
  rankTooLow: 'error.rank.no_enough_rank_to_operate',
  voteOwnPost: 'error.object.disallow_vote_your_self',
  objectNotFound: 'error.object.not_found',
  commentNotFound: 'error.comment.not_found',
  commentEditExpired: 'error.comment.edit_window_passed',
  commentVoteDown: 'error.comment.vote_down_unsupported',
  inviteUserInvalid: 'error.invite.user_invalid',
} as const;

/**
 * External sign-in (connector plugins). `emailExists` (S8-054) is both the reason and the
 * email field's message when `connector/binding/email` names an address that has an account.
 */
export const CONNECTOR_REASONS = {
  notFound: 'error.connector.not_found',
  emailExists: 'error.email.already_exists',
  /** S8-056: the member declined to share their email at the provider. */
  emailPermission: 'error.connector.email_permission',
  loginFailed: 'error.connector.login_failed',
  loginNotFound: 'error.connector.login_not_found',
  /** A "connect this login" link followed in a browser other than the one that asked for it. */
  bindingOtherBrowser: 'error.connector.binding_other_browser',
  unbindingLastLogin: 'error.user.unbinding_last_login',
} as const;

export type Reason = (typeof REASONS)[keyof typeof REASONS];
export const ALL_REASONS: readonly string[] = [...Object.values(REASONS), ...Object.values(CONNECTOR_REASONS)];

/** How the client should display an error (spec section 8). */
export type ErrType = 'toast' | 'alert' | 'modal';
/** 403 sub-types the client acts on (spec section 8). */
export type ForbiddenType = 'inactive' | 'suspended' | 'url_expired';

export interface FieldError {
  error_field: string;
  error_msg: string;
}

/** The response envelope of every JSON call. */
export interface Envelope<T = unknown> {
  code: number;
  reason: string;
  msg: string;
  data: T;
}

export interface Paged<T> {
  count: number;
  list: T[];
}
