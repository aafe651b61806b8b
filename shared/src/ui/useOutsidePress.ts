/**
 * Calls `onOutside` when a press starts outside an element, while `active` (an open menu or list closes when
 * the user presses elsewhere). `pointerdown` covers mouse, pen and touch alike; `mousedown` too, for
 * environments without pointer events, so a press may call it twice and `onOutside` must bear that.
 */
import { useEffect, useRef, type RefObject } from 'react';

export function useOutsidePress(ref: RefObject<Element | null>, active: boolean, onOutside: () => void): void {
  // The newest callback, so that a caller's inline function neither goes stale nor re-subscribes each render.
  const latest = useRef(onOutside);
  useEffect(() => {
    latest.current = onOutside;
  });
  useEffect(() => {
    if (!active) return undefined;
    const onPress = (event: Event): void => {
      if (ref.current && event.target instanceof Node && !ref.current.contains(event.target)) latest.current();
    };
    document.addEventListener('pointerdown', onPress);
    document.addEventListener('mousedown', onPress);
    return () => {
      document.removeEventListener('pointerdown', onPress);
      document.removeEventListener('mousedown', onPress);
    };
  }, [active, ref]);
}
