/**
 * Waits `ms`, or less when `signal` aborts: a background loop's pause that stopping cuts short. With
 * `ref: false` the pause alone does not keep the process alive.
 */
import { setTimeout as wait } from 'node:timers/promises';

export async function pause(ms: number, signal: AbortSignal, { ref = true }: { ref?: boolean } = {}): Promise<void> {
  await wait(ms, undefined, { signal, ref }).catch(() => undefined);
}
