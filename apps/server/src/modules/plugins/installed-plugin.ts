import type { PluginContract, PluginManifest } from '@inquire/plugin-sdk';

/**
 * A plugin the operator installed beside the built-in ones: its manifest (listed on the admin's
 * installed-plugins page, switched on and off there) and its server entry's contract.
 */
export interface InstalledPlugin<C extends PluginContract = PluginContract> {
  manifest: PluginManifest & { type: C['kind'] };
  contract: C;
}
