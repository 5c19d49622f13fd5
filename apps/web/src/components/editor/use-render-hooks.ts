import { useEffect, type RefObject } from 'react';
import { runRenderHooks } from './editor-plugins';

/**
 * Runs the activated editor plugins' render hooks over an element showing rendered post
 * HTML, again whenever the HTML changes. The editor's preview uses it; post bodies can too.
 */
export function useRenderHooks(ref: RefObject<HTMLElement | null>, html: string): void {
  useEffect(() => (ref.current && html ? runRenderHooks(ref.current) : undefined), [ref, html]);
}
