/** One language's interface strings for the browser (vite.config.ts, inquire:browser-catalogs). */
declare module 'virtual:inquire-catalog/*' {
  export const catalog: Record<string, unknown>;
}
