import type { ConnectorContract, PluginConfigField, PluginManifest } from '@inquire/plugin-sdk';
import { isHttpUrl } from '@inquire/shared';
import { APP_VERSION } from '../siteinfo/siteinfo.service.js';
import { exchangeCode, fetchUserJson, OAuth2Error, readPath, textAt } from './oauth2.js';

/** The built-in OAuth2 connector: any provider with an authorize, a token and a user-JSON address. */
export const CONNECTOR_BASIC_SLUG = 'connector_basic';

/** A key, drawn in the current colour: the button's icon until the admin gives the provider's logo. */
const KEY_ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16" fill="currentColor">' +
  '<path d="M10.5 1a4.5 4.5 0 0 0-4.38 5.55L1.15 11.5a.5.5 0 0 0-.15.35V14.5a.5.5 0 0 0 .5.5h2.5a.5.5 0 0 0 ' +
  '.5-.5V13.5h1a.5.5 0 0 0 .5-.5V12h1a.5.5 0 0 0 .35-.15l1.1-1.1A4.5 4.5 0 1 0 10.5 1Zm1 2.5a1 1 0 1 1 0 2 ' +
  '1 1 0 0 1 0-2Z"/></svg>';
export const DEFAULT_CONNECTOR_ICON = Buffer.from(KEY_ICON_SVG).toString('base64');

/** A text setting; its texts sit beside the plugin's own (`key`: where the field's name would clash with them). */
type TextField = Extract<PluginConfigField, { type: 'text' }>;

const text = (name: string, fallback = '', max_length = 1024, key = name): TextField => ({
  name,
  type: 'text',
  title_key: `plugin.connector_basic.${key}.title`,
  description_key: `plugin.connector_basic.${key}.description`,
  default: fallback,
  max_length,
});

export const CONNECTOR_BASIC_MANIFEST: PluginManifest = {
  slug_name: CONNECTOR_BASIC_SLUG,
  type: 'connector',
  version: APP_VERSION,
  name_key: 'plugin.connector_basic.name',
  description_key: 'plugin.connector_basic.description',
  author: 'Inquire',
  builtin: true,
  config_fields: [
    // `plugin.connector_basic.name` is the plugin's own name.
    text('name', 'OAuth', 64, 'button_name'),
    text('client_id'),
    { ...text('client_secret'), secret: true },
    text('authorize_url'),
    text('token_url'),
    text('user_json_url'),
    text('scope'),
    text('user_id_json_path', 'id', 256),
    text('user_display_name_json_path', 'name', 256),
    text('user_username_json_path', 'login', 256),
    text('user_email_json_path', 'email', 256),
    text('user_avatar_json_path', 'avatar_url', 256),
    text('email_verified_json_path', '', 256),
    text('logo_svg', '', 64 * 1024),
  ],
};

type Settings = Record<string, string | number | boolean>;

/** The value of a text setting (every setting of this plugin is text). */
const setting = (settings: Settings, name: string) => String(settings[name] ?? '').trim();

/**
 * The connector the admin's settings describe, or null while they are incomplete: a client id
 * and the three addresses (each an http(s) URL) are the least a sign-in needs.
 */
export function connectorBasic(settings: Settings): ConnectorContract | null {
  const get = (name: string) => setting(settings, name);
  const urls = ['authorize_url', 'token_url', 'user_json_url'].map(get);
  if (!get('client_id') || !urls.every(isHttpUrl)) return null;
  return {
    kind: 'connector',
    button: { name: get('name') || 'OAuth', icon: get('logo_svg') || DEFAULT_CONNECTOR_ICON },

    async startUrl({ redirectUri, state }) {
      const url = new URL(get('authorize_url'));
      url.searchParams.set('client_id', get('client_id'));
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('response_type', 'code');
      if (get('scope')) url.searchParams.set('scope', get('scope'));
      url.searchParams.set('state', state);
      return url.toString();
    },

    async callback({ query, redirectUri }) {
      if (!query.code) throw new OAuth2Error('no code in the callback');
      const token = await exchangeCode({
        tokenUrl: get('token_url'),
        code: query.code,
        redirectUri,
        clientId: get('client_id'),
        clientSecret: get('client_secret'),
      });
      const user = await fetchUserJson(get('user_json_url'), token);
      const externalId = textAt(user, get('user_id_json_path'));
      if (!externalId) throw new OAuth2Error('no user id in the user JSON');
      const email = textAt(user, get('user_email_json_path'));
      const verifiedPath = get('email_verified_json_path');
      // With a verified-flag path set, an address the provider does not vouch for is no address:
      // it could name somebody else's mailbox.
      const flag = verifiedPath ? readPath(user, verifiedPath) : true;
      const vouched = flag === true || flag === 'true' || flag === 1;
      return {
        external_id: externalId,
        display_name: textAt(user, get('user_display_name_json_path')),
        username: textAt(user, get('user_username_json_path')),
        email: vouched ? email : '',
        avatar: textAt(user, get('user_avatar_json_path')),
      };
    },
  };
}
