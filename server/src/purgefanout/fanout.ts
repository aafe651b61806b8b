/**
 * Purge fan-out: the purge service announces which packages' version resolutions to forget, and every
 * holder of a package store in the process (the CDN, the data API) drops its cached tags, ranges and
 * branch heads for them, so the next request resolves again. `npm start` runs every service in one
 * process, so an in-process channel reaches them all.
 */
import { EventEmitter } from 'node:events';
import type { PackageRef, PackageStore } from '../packages/types.ts';

type Listener = (refs: readonly PackageRef[]) => Promise<void> | void;

const channel = new EventEmitter();
channel.setMaxListeners(50);
const EVENT = 'purge';

/**
 * Tells every subscribed cache holder to forget `refs`; resolves with how many holders did, once all
 * have (a holder that fails is not counted).
 */
export async function publishPurge(refs: readonly PackageRef[]): Promise<number> {
  const listeners = channel.listeners(EVENT) as Listener[];
  const outcomes = await Promise.allSettled(listeners.map(async (listener) => listener(refs)));
  return outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
}

/** Makes a package store forget its resolutions of purged packages; returns the unsubscribe function. */
export function expireOnPurge(store: Pick<PackageStore, 'expire'>): () => void {
  const listener: Listener = async (refs) => {
    await Promise.all(refs.map((ref) => store.expire(ref)));
  };
  channel.on(EVENT, listener);
  return () => channel.off(EVENT, listener);
}
