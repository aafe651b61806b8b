/**
 * A message from the launcher to one of its processes. The process may already be dead while the launcher
 * has not yet heard of it: a process killed beside another is still "connected" when the launcher tells the
 * others of the first death. Writing to its channel then fails (EPIPE), and a send without a callback raises
 * that as an `error` event, which nobody listens for on a cluster worker: it took the launcher down, and every
 * process of every service with it. A message to a dead process is moot (its exit is handled on its own), so
 * the failure is dropped here.
 */
import type { Serializable, SendHandle } from 'node:child_process';

/** A cluster worker or a child process: anything with an IPC channel to a process. */
export interface MessageChannel {
  isConnected(): boolean;
  send(message: Serializable, sendHandle: SendHandle | undefined, callback: (error: Error | null) => void): boolean;
}

/** Sends `message` (and `handle`) if the channel is still open; a failed write is dropped. */
export function sendToProcess(channel: MessageChannel, message: Serializable, handle?: SendHandle): void {
  if (!channel.isConnected()) return;
  channel.send(message, handle, () => {});
}
