import { z } from 'zod';
import { emailField, requiredText } from './common.js';

/**
 * External sign-in through connector plugins (S7-160..S7-162). The confirm-email page and
 * `connector/binding/email` share the input schema; the reads' shapes are the wire types.
 */

/** One connector's button: its name, a base64 SVG icon (no `data:` prefix) and where it starts. */
export interface ConnectorInfoItem {
  name: string;
  icon: string;
  link: string;
}

/** A connector as "My logins" lists it: bound or not, and the external id when bound ('' else). */
export interface ConnectorUserInfoItem extends ConnectorInfoItem {
  binding: boolean;
  external_id: string;
}

/** Why `/users/auth-landing` was reached without a token (`?error=`). */
export const CONNECTOR_LANDING_ERRORS = ['login_failed', 'email_permission', 'email_exists'] as const;
export type ConnectorLandingError = (typeof CONNECTOR_LANDING_ERRORS)[number];

/** `POST connector/binding/email`: the address for an external login that came without one. */
export const connectorBindingEmailSchema = z.object({
  binding_key: requiredText('binding_key').max(128, 'form.binding_key.expired'),
  email: emailField('email'),
  /** Sent again with true after "Email already exists": mail the owner a link to connect. */
  must: z.boolean('form.invalid_value').optional().default(false),
});
export type ConnectorBindingEmailInput = z.infer<typeof connectorBindingEmailSchema>;

/** `DELETE connector/user/unbinding`. */
export const connectorUnbindingSchema = z.object({
  external_id: requiredText('external_id').max(256, 'form.external_id.required'),
});
export type ConnectorUnbindingInput = z.infer<typeof connectorUnbindingSchema>;
