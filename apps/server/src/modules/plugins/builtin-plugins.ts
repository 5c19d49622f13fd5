import type { PluginManifest } from '@inquire/plugin-sdk';
import { CAPTCHA_CODE_LENGTH } from '../captcha/builtin-captcha.js';
import { BUILTIN_CAPTCHA_SLUG } from '../captcha/captcha.service.js';
import { CONNECTOR_BASIC_MANIFEST } from '../connectors/connector-basic.js';
import { APP_VERSION } from '../siteinfo/siteinfo.service.js';

/**
 * The plugins that ship with Inquire (spec section 5: built-in plugins start activated). The
 * installed-plugins page lists these; each one's on/off state and saved settings live in
 * `plugin_state`.
 */
export const BUILTIN_PLUGINS: readonly PluginManifest[] = [
  {
    slug_name: BUILTIN_CAPTCHA_SLUG,
    type: 'captcha',
    version: APP_VERSION,
    name_key: 'plugin.captcha_basic.name',
    description_key: 'plugin.captcha_basic.description',
    author: 'Inquire',
    builtin: true,
    config_fields: [
      {
        name: CAPTCHA_CODE_LENGTH.name,
        type: 'number',
        title_key: 'plugin.captcha_basic.code_length.title',
        description_key: 'plugin.captcha_basic.code_length.description',
        required: true,
        default: CAPTCHA_CODE_LENGTH.default,
        min: CAPTCHA_CODE_LENGTH.min,
        max: CAPTCHA_CODE_LENGTH.max,
      },
    ],
  },
  // External sign-in through any OAuth2 provider: its button shows once the admin configures it.
  CONNECTOR_BASIC_MANIFEST,
];
