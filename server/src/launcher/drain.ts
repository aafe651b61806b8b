/**
 * Stopping a service without cutting off its users: each app stops accepting connections, finishes the
 * requests in flight and then closes (its onClose hooks stop background threads and close databases). A
 * request still running when the bound is reached has its connection closed, so a stop never hangs.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/** Time the onClose hooks get after the remaining connections were cut. */
const CLOSE_AFTER_CUT_MS = 2000;

export const DEFAULT_DRAIN_MS = 10_000;

/** `SKYLIFT_DRAIN_MS`: how long in-flight requests may take to finish on a stop. */
export function drainBoundMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env['SKYLIFT_DRAIN_MS']?.trim();
  if (!raw) return DEFAULT_DRAIN_MS;
  if (!/^[0-9]+$/.test(raw)) throw new Error(`SKYLIFT_DRAIN_MS must be a whole number of milliseconds, got "${raw}".`);
  return Number(raw);
}

/** Closes every app; resolves true when all finished their requests within the bound. */
export async function drainApps(apps: readonly FastifyInstance[], boundMs: number): Promise<boolean> {
  const closing = Promise.allSettled(apps.map((app) => app.close()));
  const inTime = await Promise.race([closing.then(() => true), delay(boundMs, false)]);
  if (!inTime) {
    for (const app of apps) app.server.closeAllConnections();
    await Promise.race([closing, delay(CLOSE_AFTER_CUT_MS)]);
  }
  return inTime;
}
