import { useEffect, useRef, useState, type RefObject } from 'react';

export const COUNT_DURATION_MS = 1500;
export const COUNT_DELAY_MS = 300;

/**
 * A number that counts up from 0 to `target` once its element is entirely in view (after a short delay,
 * eased). Without IntersectionObserver, or when the user prefers reduced motion, it shows the target at once.
 */
export function useCountUp(target: number | null, ref: RefObject<Element | null>): number | null {
  const [shown, setShown] = useState<number | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (target === null) return;
    const element = ref.current;
    const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (!element || typeof IntersectionObserver === 'undefined' || reduced || started.current) {
      setShown(target);
      return;
    }
    setShown(0);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame = 0;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.intersectionRatio >= 1)) return;
        observer.disconnect();
        started.current = true;
        timer = setTimeout(() => {
          const start = performance.now();
          const step = (now: number): void => {
            const progress = Math.min(1, (now - start) / COUNT_DURATION_MS);
            const eased = 1 - Math.pow(1 - progress, 3);
            setShown(progress === 1 ? target : target * eased);
            if (progress < 1) frame = requestAnimationFrame(step);
          };
          frame = requestAnimationFrame(step);
        }, COUNT_DELAY_MS);
      },
      { threshold: 1 },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      if (timer) clearTimeout(timer);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [target, ref]);
  return shown;
}
