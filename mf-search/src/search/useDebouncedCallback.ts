import { useEffect, useMemo, useRef } from 'react';

/** `callback` called `delayMs` after the last of a burst of calls; pending calls are dropped on unmount. */
export function useDebouncedCallback<A extends unknown[]>(callback: (...args: A) => void, delayMs: number): { call: (...args: A) => void; cancel: () => void } {
  const latest = useRef(callback);
  latest.current = callback;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const debounced = useMemo(() => {
    const cancel = () => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
    };
    const call = (...args: A) => {
      cancel();
      timer.current = setTimeout(() => {
        timer.current = null;
        latest.current(...args);
      }, delayMs);
    };
    return { call, cancel };
  }, [delayMs]);
  useEffect(() => debounced.cancel, [debounced]);
  return debounced;
}
