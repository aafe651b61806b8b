/**
 * Polls a condition until it holds, for tests and benchmarks that wait on something they cannot be told
 * of (a background ingest, a port closing). At the deadline it throws with the caller's message instead of
 * carrying on, so a wait that never ends is a failure that says what it waited for.
 */
import { setTimeout as delay } from 'node:timers/promises';

export interface UntilOptions {
  /** How long to keep asking before failing (default 30 s). */
  timeoutMs?: number;
  /** What was waited for, in the error thrown at the deadline. */
  message: string | (() => string);
  /** Pause between two probes (default 50 ms). */
  intervalMs?: number;
}

/**
 * Resolves with the first value of `probe` that is neither undefined, null nor false. A probe that throws
 * counts as "not yet" (a service still starting refuses connections); its last error is named at the deadline.
 */
export async function until<T>(probe: () => T | undefined | null | false | Promise<T | undefined | null | false>, options: UntilOptions): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const deadline = performance.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== null && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (performance.now() >= deadline) {
      const message = typeof options.message === 'function' ? options.message() : options.message;
      const cause = lastError === undefined ? '' : ` (last error: ${lastError instanceof Error ? lastError.message : String(lastError)})`;
      throw new Error(`Timed out after ${(timeoutMs / 1000).toFixed(1)} s waiting for ${message}${cause}`, { cause: lastError });
    }
    await delay(options.intervalMs ?? 50);
  }
}

/**
 * Resolves with what `promise` gives, or fails at the deadline (default 30 s) saying what was waited for: an
 * event a test is told of, waited for with a bound.
 */
export async function within<T>(promise: Promise<T>, options: { message: string; timeoutMs?: number }): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out after ${(timeoutMs / 1000).toFixed(1)} s waiting for ${options.message}`)), timeoutMs);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
