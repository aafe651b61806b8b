import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/** How long the shell waits for the element a hash names to appear (a remote's code and data arriving). */
export const HASH_WAIT_MS = 10_000;
/** After the first scroll, how long content still arriving above the element may move it and be followed. */
export const HASH_SETTLE_MS = 1_500;

/** The element `#hash` names: an id, else an `<a name>`, as a browser resolves a fragment. */
export function hashTarget(hash: string): HTMLElement | null {
  if (hash.length <= 1) return null;
  let name = hash.slice(1);
  try {
    name = decodeURIComponent(name);
  } catch {
    // A malformed escape: the raw text is the name.
  }
  return document.getElementById(name) ?? (document.getElementsByName(name)[0] as HTMLElement | undefined) ?? null;
}

/**
 * An address with a hash shows the element it names, also on a fresh load: the page is a remote's, loaded
 * after the browser's own attempt to scroll, so the shell looks for the element as the page's content
 * arrives (on every change of the document, for at most HASH_WAIT_MS), scrolls to it once it is there, and
 * follows it while content above it keeps arriving for HASH_SETTLE_MS. Once per navigation; a visitor who
 * scrolls, clicks or types meanwhile is left where they are.
 */
export function ScrollToHash() {
  const { key, hash } = useLocation();
  // The location the visitor arrived with: a fresh load, not a navigation within the site.
  const arrival = useRef(key);

  useEffect(() => {
    const initial = key === arrival.current;
    if (!hash || hash.length <= 1) return;

    let done = false;
    let found: HTMLElement | null = null;
    /** Where the element was in the document when it was last scrolled to. */
    let offset = 0;
    let frame = 0;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const observer = typeof MutationObserver === 'undefined' ? null : new MutationObserver(() => schedule());

    const stop = (): void => {
      done = true;
      observer?.disconnect();
      cancelAnimationFrame(frame);
      for (const timer of timers) clearTimeout(timer);
      for (const type of ['wheel', 'touchstart', 'keydown', 'mousedown'] as const) window.removeEventListener(type, stop);
    };

    const documentTop = (element: HTMLElement): number => element.getBoundingClientRect().top + window.scrollY;
    const scroll = (element: HTMLElement): void => {
      offset = documentTop(element);
      // A fresh load jumps, as the browser would; a navigation within the site glides.
      element.scrollIntoView({ behavior: initial ? 'auto' : 'smooth', block: 'start' });
    };

    const look = (): void => {
      frame = 0;
      if (done) return;
      const element = hashTarget(hash);
      if (!element) return;
      if (found !== element) {
        const firstFind = found === null;
        found = element;
        scroll(element);
        if (firstFind) timers.push(setTimeout(stop, HASH_SETTLE_MS));
        return;
      }
      // Content arrived above the element and moved it: follow it.
      if (Math.abs(documentTop(element) - offset) > 2) scroll(element);
    };

    function schedule(): void {
      if (done || frame) return;
      frame = requestAnimationFrame(look);
    }

    observer?.observe(document.body, { childList: true, subtree: true });
    for (const type of ['wheel', 'touchstart', 'keydown', 'mousedown'] as const) window.addEventListener(type, stop, { passive: true });
    timers.push(setTimeout(stop, HASH_WAIT_MS));
    look();
    return stop;
  }, [key, hash]);

  return null;
}
