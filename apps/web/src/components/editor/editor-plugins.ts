import type { EditorPlugin } from '@inquire/plugin-sdk';
import { API_BASE, http } from '../../lib/http';

/**
 * The editor plugins the browser knows, in registration order; empty until a plugin
 * registers. Plugins fill the editor's slots (toolbar items, render hooks) through this list,
 * never by patching the editor. Only activated plugins are used (spec §4).
 */
export type WebEditorPlugin = EditorPlugin<HTMLElement>;

/** One row of the server's plugin status list (`GET plugin/status`). */
export interface PluginStatusItem {
  slug_name: string;
  enabled: boolean;
}

const registered: { plugin: WebEditorPlugin; activated: boolean }[] = [];
/** The server's switches as last read: a plugin registered after the list came follows it too. */
const serverSwitches = new Map<string, boolean>();

export function registerEditorPlugin(plugin: WebEditorPlugin, activated = true): void {
  const existing = registered.find((entry) => entry.plugin.slug_name === plugin.slug_name);
  if (existing) existing.plugin = plugin;
  else registered.push({ plugin, activated: serverSwitches.get(plugin.slug_name) ?? activated });
}

/** Follows the server's plugin status (slug_name, enabled). */
export function setEditorPluginActivated(slugName: string, activated: boolean): void {
  const entry = registered.find((e) => e.plugin.slug_name === slugName);
  if (entry) entry.activated = activated;
}

/**
 * After the server's plugin list loads (spec §4), each plugin's activated flag is its enabled
 * value; plugins the list does not name keep theirs (`readPluginStatus`).
 */
export function applyPluginStatus(list: readonly PluginStatusItem[]): void {
  for (const { slug_name: slug, enabled } of list) {
    serverSwitches.set(slug, enabled);
    setEditorPluginActivated(slug, enabled);
  }
}

let statusRead: Promise<void> | undefined;

/**
 * `GET plugin/status` (spec §4, §7), once per page load, when an editor with plugins first shows: the only
 * place plugins act, so no other page reads it (nor carries it in its data). A failed read
 * leaves the flags as registered.
 */
export function readPluginStatus(): Promise<void> {
  // No plugin in this build: nothing would follow the switches.
  if (registered.length === 0) return Promise.resolve();
  statusRead ??= http
    .get<PluginStatusItem[]>(`${API_BASE}/plugin/status`, { silent: true })
    .then(applyPluginStatus, () => undefined);
  return statusRead;
}

export function activeEditorPlugins(): readonly WebEditorPlugin[] {
  return registered.filter((entry) => entry.activated).map((entry) => entry.plugin);
}

/** Runs every activated plugin's render hook over `target`; returns one clean-up for them all. */
export function runRenderHooks(target: HTMLElement): () => void {
  const cleanups = activeEditorPlugins().map((plugin) => plugin.useRender?.(target));
  return () => cleanups.forEach((cleanup) => cleanup?.());
}

/** For tests: forget every plugin and the server's switches. */
export function resetEditorPlugins(): void {
  registered.length = 0;
  serverSwitches.clear();
  statusRead = undefined;
}
