import type { PluginConfigField, PluginManifest } from '@inquire/plugin-sdk';
import { translate } from '@inquire/i18n';
import {
  ADMIN_CONTENT_REASONS,
  PLUGIN_SECRET_MASK,
  type Language,
  type PluginConfig,
  type PluginConfigFieldInfo,
  type PluginConfigInput,
  type PluginFilter,
  type PluginItem,
  type PluginStatusInput,
} from '@inquire/shared';
import type { SiteRuntime } from '../../infra/site.js';
import { nowSeconds } from '../../lib/clock.js';
import { AppError, type FieldIssue } from '../../lib/errors.js';
import { SEARCH_PLUGIN_KIND, searchFeedQueue } from '../posts/search-feed-queue.js';
import { BUILTIN_PLUGINS } from './builtin-plugins.js';
import { pluginsRepository, type PluginStateRow } from './plugins.repository.js';

export type ConfigValue = string | number | boolean;

/** Saved settings, or none when the row is missing or its JSON unreadable (the defaults hold). */
function savedConfig(row: PluginStateRow | undefined): Record<string, unknown> {
  if (!row?.config) return {};
  try {
    const parsed: unknown = JSON.parse(row.config);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A saved value when it still fits the field's declaration, else the default. */
function valueOf(field: PluginConfigField, saved: Record<string, unknown>): ConfigValue {
  const value = saved[field.name];
  return checkField(field, value) === null ? (value as ConfigValue) : field.default;
}

/** The message key of what is wrong with a value for a field, or null when it fits. */
function checkField(field: PluginConfigField, value: unknown): string | null {
  switch (field.type) {
    case 'number': {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isInteger(number)) return 'form.plugin_config.number';
      if ((field.min !== undefined && number < field.min) || (field.max !== undefined && number > field.max)) {
        return 'form.plugin_config.range';
      }
      return null;
    }
    case 'text':
      if (typeof value !== 'string') return 'form.plugin_config.invalid';
      if (field.required && value.trim() === '') return 'form.plugin_config.required';
      if (field.max_length !== undefined && value.length > field.max_length) return 'form.plugin_config.too_long';
      return null;
    case 'switch':
      return typeof value === 'boolean' ? null : 'form.plugin_config.invalid';
  }
}

const normalize = (field: PluginConfigField, value: ConfigValue): ConfigValue =>
  field.type === 'number' ? Number(value) : field.type === 'text' ? String(value).trim() : value;

/**
 * Installed plugins (issue 13, item 6): the plugins that ship with Inquire and those the
 * operator installed (a search plugin), each switched on or off and configured through
 * `plugin_state`. Their own services read that state (the captcha: `CaptchaService.enabled` and
 * its code length; search: `SearchService`), so a change holds from the next request. Built-in
 * plugins start on, installed ones off until an admin switches them on (as the peer).
 */
export class PluginsService {
  constructor(
    private readonly site: SiteRuntime,
    private readonly manifests: readonly PluginManifest[] = BUILTIN_PLUGINS,
  ) {}

  async list(filter: PluginFilter, lang: Language): Promise<PluginItem[]> {
    const states = new Map((await pluginsRepository.all(this.site.db)).map((row) => [row.slug_name, row]));
    const items = this.manifests.map((manifest) => this.present(manifest, states.get(manifest.slug_name), lang));
    return items.filter((item) => {
      if (filter === 'active') return item.enabled;
      if (filter === 'inactive') return !item.enabled;
      if (filter === 'outdated') return item.outdated;
      return true;
    });
  }

  /** Whether a plugin is on: its saved switch, else on for a built-in plugin and off for another. */
  async enabled(slug: string): Promise<boolean> {
    const row = await pluginsRepository.find(this.site.db, slug);
    return isOn(
      this.manifests.find((m) => m.slug_name === slug),
      row,
    );
  }

  /**
   * Switches a plugin. A search plugin switched on is sent every public post (its index may be
   * empty or stale); switched off, its queue is dropped. Both in the switch's transaction.
   */
  async setStatus(input: PluginStatusInput): Promise<void> {
    const manifest = this.manifest(input.plugin_slug_name);
    const now = nowSeconds();
    await this.site.db.transaction().execute(async (trx) => {
      const before = isOn(manifest, await pluginsRepository.find(trx, manifest.slug_name));
      await pluginsRepository.setEnabled(trx, { slug: manifest.slug_name, kind: manifest.type }, input.enabled, now);
      if (manifest.type !== SEARCH_PLUGIN_KIND || before === input.enabled) return;
      if (input.enabled) await searchFeedQueue.enqueueAllPublic(trx, now);
      else await searchFeedQueue.clear(trx);
    });
  }

  async config(slug: string, lang: Language): Promise<PluginConfig> {
    const manifest = this.manifest(slug);
    const saved = savedConfig(await pluginsRepository.find(this.site.db, slug));
    return {
      name: translate(lang, manifest.name_key),
      slug_name: manifest.slug_name,
      description: translate(lang, manifest.description_key),
      config_fields: (manifest.config_fields ?? []).map((field) => fieldInfo(field, valueOf(field, saved), lang)),
    };
  }

  /** Saves every declared field at once (a missing one keeps its value); any misfit refuses all, each beside its field. */
  async saveConfig(input: PluginConfigInput): Promise<void> {
    const manifest = this.manifest(input.plugin_slug_name);
    const saved = savedConfig(await pluginsRepository.find(this.site.db, manifest.slug_name));
    const next: Record<string, ConfigValue> = {};
    const issues: FieldIssue[] = [];
    for (const field of manifest.config_fields ?? []) {
      const given = input.config_fields[field.name];
      // A secret sent back as the form read it: unchanged.
      if (given === undefined || (isSecret(field) && given === PLUGIN_SECRET_MASK)) {
        next[field.name] = valueOf(field, saved);
        continue;
      }
      const problem = checkField(field, given);
      if (problem) issues.push({ field: field.name, key: problem });
      else next[field.name] = normalize(field, given);
    }
    if (issues.length) throw AppError.fields(issues);
    const plugin = { slug: manifest.slug_name, kind: manifest.type, enabledByDefault: manifest.builtin === true };
    await pluginsRepository.setConfig(this.site.db, plugin, JSON.stringify(next), nowSeconds());
  }

  /** A plugin's saved value of one field (or its default): how a plugin reads its settings. */
  async setting(slug: string, name: string): Promise<ConfigValue | undefined> {
    const field = this.manifests.find((m) => m.slug_name === slug)?.config_fields?.find((f) => f.name === name);
    if (!field) return undefined;
    return valueOf(field, savedConfig(await pluginsRepository.find(this.site.db, slug)));
  }

  /** Every declared setting of a plugin, saved or default: how a plugin with many fields reads them. */
  async settings(slug: string): Promise<Record<string, ConfigValue>> {
    const manifest = this.manifests.find((m) => m.slug_name === slug);
    const saved = savedConfig(await pluginsRepository.find(this.site.db, slug));
    return Object.fromEntries((manifest?.config_fields ?? []).map((field) => [field.name, valueOf(field, saved)]));
  }

  private manifest(slug: string): PluginManifest {
    const manifest = this.manifests.find((m) => m.slug_name === slug);
    if (!manifest) throw AppError.notFound(ADMIN_CONTENT_REASONS.pluginNotFound);
    return manifest;
  }

  private present(manifest: PluginManifest, row: PluginStateRow | undefined, lang: Language): PluginItem {
    return {
      name: translate(lang, manifest.name_key),
      slug_name: manifest.slug_name,
      description: translate(lang, manifest.description_key),
      version: manifest.version,
      type: manifest.type,
      enabled: isOn(manifest, row),
      builtin: manifest.builtin === true,
      have_config: (manifest.config_fields ?? []).length > 0,
      outdated: false,
      link: manifest.link ?? '',
    };
  }
}

function isOn(manifest: PluginManifest | undefined, row: PluginStateRow | undefined): boolean {
  return row ? Number(row.enabled) === 1 : manifest?.builtin === true;
}

function fieldInfo(field: PluginConfigField, value: ConfigValue, lang: Language): PluginConfigFieldInfo {
  return {
    name: field.name,
    type: field.type,
    title: translate(lang, field.title_key),
    description: translate(lang, field.description_key),
    required: field.required === true,
    ...(field.type === 'number' ? { min: field.min, max: field.max } : {}),
    ...(isSecret(field) ? { secret: true, value: value === '' ? '' : PLUGIN_SECRET_MASK } : { value }),
  };
}

/** A credential setting: never read back (fieldInfo), kept when its mask is sent back (saveConfig). */
const isSecret = (field: PluginConfigField) => field.type === 'text' && field.secret === true;
