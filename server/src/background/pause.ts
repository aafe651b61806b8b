/**
 * Waits `ms`, or less when `signal` aborts: a background loop's pause that stopping cuts short. With
 * `ref: false` the pause alone does not keep the process alive.
 */
import { setTimeout as wait } from 'node:timers/promises';

export async function pause(ms: number, signal: AbortSignal, { ref = true }: { ref?: boolean } = {}): Promise<void> {
  await wait(ms, undefined, { signal, ref }).catch(() => undefined);
}

/**
 * How background work waits: Node's timers (`systemClock`), or in a test a clock the test moves on
 * (`../testing/manualClock.ts`), so that an interval or a backoff is passed at once rather than waited out.
 */
export interface JobClock {
  pause(ms: number, signal: AbortSignal, options?: { ref?: boolean }): Promise<void>;
}

export const systemClock: JobClock = { pause };
