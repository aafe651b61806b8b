import { useEffect, useState } from 'react';
import { activeAnchor } from './activeAnchor';

/** Tracks the current anchor while the page scrolls, once `enabled` (the document is in the page). */
export function useActiveAnchor(ids: readonly string[], enabled: boolean): string | null {
  const [active, setActive] = useState<string | null>(ids[0] ?? null);
  useEffect(() => {
    if (!enabled) return;
    let frame = 0;
    const update = (): void => {
      frame = 0;
      setActive(activeAnchor(ids, (id) => document.getElementById(id)?.getBoundingClientRect().top ?? null));
    };
    const schedule = (): void => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [ids, enabled]);
  return active;
}
