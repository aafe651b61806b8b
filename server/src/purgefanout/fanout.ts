/**
 * Purge fan-out: the purge service announces which packages' version resolutions to forget, and every
 * holder of a package store (the CDN, the data API) drops its cached tags, ranges and branch heads for them,
 * so the next request resolves again.
 *
 * On one machine, holders in this process hear it on an in-process channel, and when the services run in
 * processes of their own (`npm start`, see main.ts) the launcher relays each purge to every other service
 * process and sums the holders that forgot. With a shared state in Redis (a fleet), every process connected
 * with `connectFanout` hears the purge over Redis instead, applies it and answers the publisher on a reply
 * channel of its own, so the publisher knows how many holders in the whole fleet forgot.
 */
import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { PackageRef, PackageStore } from '../packages/types.ts';
import type { SharedState } from '../fleetState/index.ts';
import { inBackground } from '../background/backgroundJob.ts';
import type { PurgeMessage } from '../ipc/messages.ts';

type Listener = (refs: readonly PackageRef[]) => Promise<void> | void;

const channel = new EventEmitter();
channel.setMaxListeners(50);
const EVENT = 'purge';
const PURGE_CHANNEL = 'purge';
const FLEET_TIMEOUT_MS = 5000;

/** A purge as it travels over the shared state, and the answer of each process that applied it. */
interface FleetPurge {
  id: string;
  replyTo: string;
  refs: PackageRef[];
}
interface FleetReply {
  id: string;
  count: number;
}

/** A purge sent to the fleet: done once as many processes answered as PUBLISH said received it. */
interface Pending {
  expected: number | null;
  replies: number;
  count: number;
  finish: () => void;
}

const settle = (entry: Pending): void => {
  if (entry.expected !== null && entry.replies >= entry.expected) entry.finish();
};

interface Fleet {
  state: SharedState;
  users: number;
  /** This process's reply channel. */
  replyTo: string;
  waiting: Map<string, Pending>;
  stop: () => Promise<void>;
}
let fleet: Promise<Fleet> | null = null;

/**
 * Tells every subscribed cache holder to forget `refs`; resolves with how many holders did, once all
 * have (a holder that fails is not counted).
 */
export async function publishPurge(refs: readonly PackageRef[]): Promise<number> {
  if (fleet) return publishToFleet(await fleet, refs);
  const [here, elsewhere] = await Promise.all([notifyHere(refs), relay(refs)]);
  return here + elsewhere;
}

async function notifyHere(refs: readonly PackageRef[]): Promise<number> {
  const listeners = channel.listeners(EVENT) as Listener[];
  const outcomes = await Promise.allSettled(listeners.map(async (listener) => listener(refs)));
  return outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
}

async function publishToFleet(connected: Fleet, refs: readonly PackageRef[]): Promise<number> {
  const id = crypto.randomUUID();
  return new Promise((resolve) => {
    const entry: Pending = { expected: null, replies: 0, count: 0, finish: () => {} };
    const timer = setTimeout(() => entry.finish(), FLEET_TIMEOUT_MS);
    entry.finish = () => {
      clearTimeout(timer);
      if (connected.waiting.delete(id)) resolve(entry.count);
    };
    connected.waiting.set(id, entry);
    const message: FleetPurge = { id, replyTo: connected.replyTo, refs: [...refs] };
    // PUBLISH answers how many processes got the message: the answers to wait for.
    inBackground(
      'purge-fanout-publish',
      connected.state.publish(PURGE_CHANNEL, JSON.stringify(message)).then(
        (receivers) => {
          entry.expected = receivers;
          settle(entry);
        },
        (error: unknown) => {
          // Nobody was reached: the purge answers with what was counted.
          entry.finish();
          throw error;
        },
      ),
    );
  });
}

/**
 * Joins this process to the fleet's purges when the shared state is Redis (nothing to do in memory: the
 * in-process channel and the launcher carry them). Returns the function that leaves.
 */
export async function connectFanout(state: SharedState): Promise<() => Promise<void>> {
  if (state.kind !== 'redis') return async () => undefined;
  fleet ??= joinFleet(state);
  const connected = await fleet;
  connected.users++;
  let left = false;
  return async () => {
    if (left) return;
    left = true;
    if (--connected.users > 0) return;
    fleet = null;
    await connected.stop();
  };
}

async function joinFleet(state: SharedState): Promise<Fleet> {
  const replyTo = `purge-reply:${crypto.randomUUID()}`;
  const waiting: Fleet['waiting'] = new Map();
  const stopReplies = await state.subscribe(replyTo, (raw) => {
    const reply = parse<FleetReply>(raw);
    const entry = reply && waiting.get(reply.id);
    if (!entry) return;
    entry.count += reply.count;
    entry.replies++;
    settle(entry);
  });
  const stopPurges = await state.subscribe(PURGE_CHANNEL, (raw) => {
    const message = parse<FleetPurge>(raw);
    if (!message || !Array.isArray(message.refs)) return;
    inBackground(
      'purge-fanout-reply',
      notifyHere(message.refs).then((count) => state.publish(message.replyTo, JSON.stringify({ id: message.id, count } satisfies FleetReply))),
    );
  });
  return {
    state,
    users: 0,
    replyTo,
    waiting,
    stop: async () => {
      await Promise.all([stopReplies(), stopPurges()]);
    },
  };
}

function parse<T>(raw: string): T | null {
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

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
      inBackground(
        'purge-relay-reply',
        notifyHere(message.refs).then((count) => process.send?.({ type: 'purge-applied', id: message.id, count } satisfies PurgeMessage)),
      );
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
