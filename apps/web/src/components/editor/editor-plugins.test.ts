import { afterEach, describe, expect, it } from 'vitest';
import {
  activeEditorPlugins,
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
