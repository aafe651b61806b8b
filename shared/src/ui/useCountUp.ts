/**
 * A figure that counts up from 0 to its target, eased, so a number that arrives is seen arriving. With
 * `whenInView`, the count waits until that element is entirely in view (after `delayMs`), once: a later target
 * is shown at once, and without IntersectionObserver the target shows at once. Without it, every new target
 * counts up again from 0, or with `fromShown` from the figure shown, so a live figure that grows is seen growing
 * (one that shrinks, as a rolling window may, is shown at once: a count never runs down). Users who prefer
 * reduced motion, and browsers without animation frames, see the target at once. The value is not rounded: the
 * caller formats it. No figure is ever shown that lies outside what it counts from and to.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';

export interface CountUpOptions {
  /** Start once this element is entirely in view instead of at once. */
  whenInView?: RefObject<Element | null>;
  /** How long the count takes; 1500 ms by default. */
  durationMs?: number;
  /** The pause between coming into view and counting; 300 ms by default (only with `whenInView`). */
  delayMs?: number;
  /** A new target counts on from the figure shown instead of from 0 (a live figure that follows real growth). */
  fromShown?: boolean;
}

export const COUNT_UP_DURATION_MS = 1500;
export const COUNT_UP_DELAY_MS = 300;

const prefersReducedMotion = (): boolean => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Null while the target is null (not known yet). */
export function useCountUp(target: number, options?: CountUpOptions): number;
export function useCountUp(target: number | null, options?: CountUpOptions): number | null;
export function useCountUp(
  target: number | null,
  { whenInView, durationMs = COUNT_UP_DURATION_MS, delayMs = COUNT_UP_DELAY_MS, fromShown = false }: CountUpOptions = {},
): number | null {
  const [shown, setShownState] = useState<number | null>(target === null ? null : 0);
  const shownRef = useRef<number | null>(shown);
  const setShown = (value: number | null): void => {
    shownRef.current = value;
    setShownState(value);
  };
  const countedInView = useRef(false);
  useEffect(() => {
    if (target === null) {
      setShown(null);
      return undefined;
    }
    const element = whenInView?.current;
    const cannotWatch = whenInView !== undefined && (!element || typeof IntersectionObserver === 'undefined' || countedInView.current);
    const from = fromShown ? (shownRef.current ?? 0) : 0;
    if (cannotWatch || prefersReducedMotion() || typeof requestAnimationFrame !== 'function' || from >= target) {
      setShown(target);
      return undefined;
    }
    setShown(from);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame = 0;
    const count = (): void => {
      const start = performance.now();
      const step = (now: number): void => {
        const progress = Math.min(1, (now - start) / durationMs);
        setShown(progress === 1 ? target : from + (target - from) * (1 - (1 - progress) ** 3));
        if (progress < 1) frame = requestAnimationFrame(step);
      };
      frame = requestAnimationFrame(step);
    };
    let observer: IntersectionObserver | undefined;
    if (element) {
      observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.intersectionRatio >= 1)) return;
          observer?.disconnect();
          countedInView.current = true;
          timer = setTimeout(count, delayMs);
        },
        { threshold: 1 },
      );
      observer.observe(element);
    } else count();
    return () => {
      observer?.disconnect();
      if (timer) clearTimeout(timer);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [target, whenInView, durationMs, delayMs, fromShown]);
  return shown;
}
