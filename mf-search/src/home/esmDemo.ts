/**
 * The ES-module demo: import a module straight from our CDN's `+esm` build and say how long it took.
 * A second run finds the module in the browser's module map, so it reports 0 ms: "still cached".
 */
export const DEMO_PACKAGE = 'canvas-confetti@1.9.3';
/** The demo stops after 4 seconds. */
export const DEMO_DURATION_MS = 4000;

export const demoModuleUrl = (cdnUrl: string): string => `${cdnUrl.replace(/\/+$/, '')}/npm/${DEMO_PACKAGE}/+esm`;

export function loadTimeLabel(ms: number): string {
  return ms === 0 ? 'still cached' : 'loaded from the CDN';
}

export interface Confetti {
  (options?: Record<string, unknown>): unknown;
  reset?: () => void;
}

/** Imports the module at run time, outside the bundle (the URL comes from configuration). */
export async function importDemoModule(url: string): Promise<{ confetti: Confetti; ms: number }> {
  const started = performance.now();
  const module = (await import(/* webpackIgnore: true */ url)) as { default?: unknown };
  const ms = Math.round(performance.now() - started);
  if (typeof module.default !== 'function') throw new Error('The demo module has no default export.');
  return { confetti: module.default as Confetti, ms };
}
