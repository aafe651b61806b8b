/**
 * Converter timing: an edit waits for a pause in typing (100 ms; 1000 ms on the
 * Skypack and esm.sh converters), then conversions run at most once every 1000 ms (the last input of a
 * burst always runs), so pasting and typing never fire a lookup per keystroke.
 */
export const INPUT_DEBOUNCE_MS = 100;
export const MODULE_CDN_DEBOUNCE_MS = 1000;
export const CONVERSION_THROTTLE_MS = 1000;

export interface Scheduler<T> {
  push(value: T): void;
  cancel(): void;
}

export function debouncedThrottle<T>(run: (value: T) => void, debounceMs = INPUT_DEBOUNCE_MS, now: () => number = Date.now): Scheduler<T> {
  let debounce: ReturnType<typeof setTimeout> | undefined;
  let trailing: ReturnType<typeof setTimeout> | undefined;
  let lastRun: number | undefined;

  const fire = (value: T): void => {
    lastRun = now();
    run(value);
  };
  const throttled = (value: T): void => {
    clearTimeout(trailing);
    const elapsed = lastRun === undefined ? Infinity : now() - lastRun;
    if (elapsed < CONVERSION_THROTTLE_MS) trailing = setTimeout(fire, CONVERSION_THROTTLE_MS - elapsed, value);
    else fire(value);
  };
  return {
    push(value) {
      clearTimeout(debounce);
      debounce = setTimeout(throttled, debounceMs, value);
    },
    cancel() {
      clearTimeout(debounce);
      clearTimeout(trailing);
    },
  };
}
