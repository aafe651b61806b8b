/** Waits `ms`, or less when `signal` aborts: a background loop's pause that stopping cuts short. */
import { setTimeout as wait } from 'node:timers/promises';

export async function pause(ms: number, signal: AbortSignal): Promise<void> {
  await wait(ms, undefined, { signal }).catch(() => undefined);
}
