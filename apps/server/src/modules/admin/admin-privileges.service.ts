import { translate } from '@inquire/i18n';
import {
  CONFIGURABLE_PRIVILEGES,
  CUSTOM_PRIVILEGE_LEVEL,
  customPrivilegeValues,
  PRIVILEGE_LEVELS,
  PRIVILEGE_PRESETS,
  type Language,
  type PrivilegesView,
  type PrivilegesSettingsInput,
} from '@inquire/shared';
import type { SiteinfoService } from '../siteinfo/siteinfo.service.js';

/**
 * The privileges page. The chosen level is stored as a site setting; every privilege check
 * reads it through the actor (auth.service), so a save counts from the next request on.
 */
export class AdminPrivilegesService {
  constructor(private readonly siteinfo: SiteinfoService) {}

  async read(lang: Language): Promise<PrivilegesView> {
    const { privileges } = await this.siteinfo.settings();
    const custom = customPrivilegeValues(privileges);
    return {
      options: PRIVILEGE_LEVELS.map((level) => {
        const values = level === CUSTOM_PRIVILEGE_LEVEL ? custom : PRIVILEGE_PRESETS[level];
        return {
          level,
          level_desc: translate(lang, `ui.admin.privileges.level_${level}_desc`),
          privileges: CONFIGURABLE_PRIVILEGES.map((key) => ({
            key,
            label: translate(lang, `ui.admin.privileges.keys.${key.replace('.', '_')}`),
            value: values[key],
          })),
        };
      }),
      selected_level: privileges.level,
    };
  }

  /** A preset keeps the admin's last custom numbers, so choosing "custom" again brings them back. */
  async save(input: PrivilegesSettingsInput): Promise<void> {
    const { privileges: stored } = await this.siteinfo.settings();
    const custom_privileges =
      input.level === CUSTOM_PRIVILEGE_LEVEL
        ? Object.entries(customPrivilegeValues({ ...stored, ...input })).map(([key, value]) => ({
            key: key as (typeof CONFIGURABLE_PRIVILEGES)[number],
            value,
          }))
        : stored.custom_privileges;
    await this.siteinfo.update('privileges', { level: input.level, custom_privileges });
  }
}
