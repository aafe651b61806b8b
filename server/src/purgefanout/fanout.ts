/**
 * Purge fan-out: the purge service announces which packages' version resolutions to forget, and every
 * holder of a package store in the process (the CDN, the data API) drops its cached tags, ranges and
 * branch heads for them, so the next request resolves again. Holders in this process hear it on an
 * in-process channel; when the services run in processes of their own (`npm start`, see main.ts), the
 * launcher relays each purge to every other service process and sums the holders that forgot.
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
  const [here, elsewhere] = await Promise.all([notifyHere(refs), relay(refs)]);
  return here + elsewhere;
}

async function notifyHere(refs: readonly PackageRef[]): Promise<number> {
  const listeners = channel.listeners(EVENT) as Listener[];
  const outcomes = await Promise.allSettled(listeners.map(async (listener) => listener(refs)));
  return outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
}

/** Messages between a service process and its launcher. */
export type PurgeMessage =
  | { type: 'purge'; id: number; refs: PackageRef[] }
  | { type: 'purge-apply'; id: number; refs: PackageRef[] }
  | { type: 'purge-applied'; id: number; count: number }
  | { type: 'purge-done'; id: number; count: number };

const RELAY_TIMEOUT_MS = 5000;
const waiting = new Map<number, (count: number) => void>();
let nextId = 1;
const relayed = process.env['SKYLIFT_SERVICE_PROCESS'] !== undefined && typeof process.send === 'function';

function relay(refs: readonly PackageRef[]): Promise<number> {
  if (!relayed) return Promise.resolve(0);
  const id = nextId++;
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish(0), RELAY_TIMEOUT_MS);
    const finish = (count: number): void => {
      clearTimeout(timer);
      waiting.delete(id);
      resolve(count);
    };
    waiting.set(id, finish);
    process.send!({ type: 'purge', id, refs: [...refs] } satisfies PurgeMessage);
  });
}

if (relayed) {
  process.on('message', (message: PurgeMessage) => {
    if (message?.type === 'purge-apply') {
      void notifyHere(message.refs).then((count) => process.send?.({ type: 'purge-applied', id: message.id, count } satisfies PurgeMessage));
    } else if (message?.type === 'purge-done') {
      waiting.get(message.id)?.(message.count);
    }
  });
}

/** Makes a package store forget its resolutions of purged packages; returns the unsubscribe function. */
export function expireOnPurge(store: Pick<PackageStore, 'expire'>): () => void {
  const listener: Listener = async (refs) => {
    await Promise.all(refs.map((ref) => store.expire(ref)));
  };
  channel.on(EVENT, listener);
  return () => channel.off(EVENT, listener);
}
