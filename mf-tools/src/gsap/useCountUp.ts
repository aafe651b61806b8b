/** A figure that counts up to its value over 1000 ms, at once for users who ask for reduced motion. */
import { useEffect, useState } from 'react';

export const COUNT_UP_MS = 1000;

export function useCountUp(target: number): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (reduced || typeof requestAnimationFrame !== 'function') {
      setShown(target);
      return;
    }
    let frame = 0;
    const start = performance.now();
    const step = (now: number): void => {
      const progress = Math.min(1, (now - start) / COUNT_UP_MS);
      setShown(Math.round(target * (1 - (1 - progress) ** 3)));
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target]);
  return shown;
}
