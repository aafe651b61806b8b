/**
 * The launcher's side of the purge fan-out between processes (`../purgefanout/fanout.ts`): a purge one
 * process announces is sent to every other process that listens, and the sender gets the sum of the holders
 * that forgot once all have answered, or died, or after a time limit.
 */
import type { PurgeMessage } from '../ipc/messages.ts';
import type { PackageRef } from '../packages/types.ts';

/** Shorter than the service process's own limit (fanout.ts), so the sender hears the partial sum. */
const RELAY_TIMEOUT_MS = 4000;

export interface RelayPeer {
  id: number;
  send: (message: PurgeMessage) => unknown;
}

interface Pending {
  waitingOn: Set<number>;
  count: number;
  finish: () => void;
}

export class PurgeRelay {
  private next = 1;
  private readonly pending = new Map<number, Pending>();

  broadcast(peers: readonly RelayPeer[], refs: PackageRef[], done: (count: number) => void): void {
    if (peers.length === 0) return done(0);
    const id = this.next++;
    const entry: Pending = { waitingOn: new Set(peers.map((peer) => peer.id)), count: 0, finish: () => {} };
    const timer = setTimeout(() => entry.finish(), RELAY_TIMEOUT_MS);
    entry.finish = () => {
      clearTimeout(timer);
      if (this.pending.delete(id)) done(entry.count);
    };
    this.pending.set(id, entry);
    for (const peer of peers) peer.send({ type: 'purge-apply', id, refs });
  }

  applied(peerId: number, message: { id: number; count: number }): void {
    const entry = this.pending.get(message.id);
    if (!entry || !entry.waitingOn.delete(peerId)) return;
    entry.count += message.count;
    if (entry.waitingOn.size === 0) entry.finish();
  }

  /** A peer died: its answers are not waited for. */
  gone(peerId: number): void {
    for (const entry of [...this.pending.values()]) {
      if (entry.waitingOn.delete(peerId) && entry.waitingOn.size === 0) entry.finish();
    }
  }
}
