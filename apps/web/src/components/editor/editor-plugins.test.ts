import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  activeEditorPlugins,
  applyPluginStatus,
  readPluginStatus,
  registerEditorPlugin,
  resetEditorPlugins,
  runRenderHooks,
  setEditorPluginActivated,
  type WebEditorPlugin,
} from './editor-plugins';

function plugin(slug: string, seen: string[]): WebEditorPlugin {
  return {
    kind: 'editor',
    slug_name: slug,
    toolbar: [],
    useRender: () => {
      seen.push(`render ${slug}`);
      return () => seen.push(`cleanup ${slug}`);
    },
  };
}

describe('editor plugin registry', () => {
  afterEach(resetEditorPlugins);

  it('is empty by default', () => {
    expect(activeEditorPlugins()).toEqual([]);
  });

  it('[S4-069] [S4-070] runs every activated plugin render hook in order, and none of a deactivated one', () => {
    const seen: string[] = [];
    registerEditorPlugin(plugin('one', seen));
    registerEditorPlugin(plugin('two', seen));
    registerEditorPlugin(plugin('off', seen), false);
    const target = {} as HTMLElement;
    runRenderHooks(target)();
    expect(seen).toEqual(['render one', 'render two', 'cleanup one', 'cleanup two']);

    seen.length = 0;
    setEditorPluginActivated('one', false);
    runRenderHooks(target);
    expect(seen).toEqual(['render two']);
  });
});

describe('the server plugin status', () => {
  afterEach(resetEditorPlugins);

  it('[S4-065] [S7-154] sets each registered plugin’s activated flag from its enabled value, also for one registered later', () => {
    const seen: string[] = [];
    registerEditorPlugin(plugin('one', seen));
    registerEditorPlugin(plugin('two', seen), false);
    applyPluginStatus([
      { slug_name: 'one', enabled: false },
      { slug_name: 'two', enabled: true },
      { slug_name: 'late', enabled: false },
      { slug_name: 'captcha-basic', enabled: true },
    ]);
    expect(activeEditorPlugins().map((p) => p.slug_name)).toEqual(['two']);

    // A plugin the list switched off stays off when it registers after the list came.
    registerEditorPlugin(plugin('late', seen));
    registerEditorPlugin(plugin('unlisted', seen));
    expect(activeEditorPlugins().map((p) => p.slug_name)).toEqual(['two', 'unlisted']);

    // The switch changes at runtime: the next list turns it back on.
    applyPluginStatus([{ slug_name: 'one', enabled: true }]);
    expect(activeEditorPlugins().map((p) => p.slug_name)).toEqual(['one', 'two', 'unlisted']);
  });

  it('[S4-065] [S7-154] reads GET plugin/status once, when an editor first asks, and follows it', async () => {
    const seen: string[] = [];
    registerEditorPlugin(plugin('mermaid', seen));
    registerEditorPlugin(plugin('math', seen));
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(url);
      const list = [
        { slug_name: 'mermaid', enabled: false },
        { slug_name: 'math', enabled: true },
      ];
      return new Response(JSON.stringify({ code: 200, reason: 'base.success', msg: '', data: list }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    try {
      await Promise.all([readPluginStatus(), readPluginStatus()]);
      await readPluginStatus();
      expect(urls).toEqual(['/answer/api/v1/plugin/status']);
      expect(activeEditorPlugins().map((p) => p.slug_name)).toEqual(['math']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('[S4-065] a failed plugin status read leaves the plugins as registered', async () => {
    const seen: string[] = [];
    registerEditorPlugin(plugin('mermaid', seen));
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    try {
      await readPluginStatus();
      expect(activeEditorPlugins().map((p) => p.slug_name)).toEqual(['mermaid']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
