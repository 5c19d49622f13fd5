import type { EditorPlugin } from '@inquire/plugin-sdk';

/**
 * The editor plugins the browser knows, in registration order; empty until a plugin
 * registers. Plugins fill the editor's slots (toolbar items, render hooks) through this list,
 * never by patching the editor. Only activated plugins are used (spec §4).
 */
export type WebEditorPlugin = EditorPlugin<HTMLElement>;

const registered: { plugin: WebEditorPlugin; activated: boolean }[] = [];

export function registerEditorPlugin(plugin: WebEditorPlugin, activated = true): void {
  const existing = registered.find((entry) => entry.plugin.slug_name === plugin.slug_name);
  if (existing) existing.plugin = plugin;
  else registered.push({ plugin, activated });
}

/** Follows the server's plugin status (slug_name, enabled). */
export function setEditorPluginActivated(slugName: string, activated: boolean): void {
  const entry = registered.find((e) => e.plugin.slug_name === slugName);
  if (entry) entry.activated = activated;
}

export function activeEditorPlugins(): readonly WebEditorPlugin[] {
  return registered.filter((entry) => entry.activated).map((entry) => entry.plugin);
}

/** Runs every activated plugin's render hook over `target`; returns one clean-up for them all. */
export function runRenderHooks(target: HTMLElement): () => void {
  const cleanups = activeEditorPlugins().map((plugin) => plugin.useRender?.(target));
  return () => cleanups.forEach((cleanup) => cleanup?.());
}

/** For tests: forget every plugin. */
export function resetEditorPlugins(): void {
  registered.length = 0;
}
