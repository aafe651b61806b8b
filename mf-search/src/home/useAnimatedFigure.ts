import { useEffect, useRef, useState } from 'react';
import { COUNTER_MS, FIGURE_REFRESH_MS, counterValue, figureMultiplier } from './animatedFigure';

/** A number that counts to `base` and then keeps moving within 97-102 % of it; `base` changes count over too. */
export function useAnimatedFigure(base: number): number {
  const [shown, setShown] = useState(base);
  const shownRef = useRef(base);

  useEffect(() => {
    let frame = 0;
    const countTo = (target: number) => {
      cancelAnimationFrame(frame);
      const from = shownRef.current;
      const started = performance.now();
      const step = (now: number) => {
        const value = counterValue(from, target, now - started, COUNTER_MS);
        shownRef.current = value;
        setShown(value);
        if (value !== target) frame = requestAnimationFrame(step);
      };
      frame = requestAnimationFrame(step);
    };
    countTo(base);
    const timer = setInterval(() => countTo(base * figureMultiplier(Math.random())), FIGURE_REFRESH_MS);
    return () => {
      clearInterval(timer);
      cancelAnimationFrame(frame);
    };
  }, [base]);

  return shown;
}
