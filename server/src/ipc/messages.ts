/**
 * The messages between the launcher and the service processes over the cluster's IPC channel. Both sides
 * import them from here, below either: the launcher relays a service's message without importing its folder.
 */
import type { PackageRef } from '../packages/types.ts';

/** A purge relayed between the processes of a machine (`../purgefanout/fanout.ts`, `../launcher/purgeRelay.ts`). */
export type PurgeMessage =
  | { type: 'purge'; id: number; refs: PackageRef[] }
  | { type: 'purge-apply'; id: number; refs: PackageRef[] }
  | { type: 'purge-applied'; id: number; count: number }
  | { type: 'purge-done'; id: number; count: number };

/** Restarts of one service for one cause since the launcher started. */
export interface RestartCount {
  service: string;
  cause: string;
  count: number;
}

/** The days a data process's statistics catch-up changed (`../data/ingestNotices.ts` sends and hears it). */
export interface IngestedMessage {
  type: 'stats-ingested';
  days: string[];
}

export type LauncherMessage =
  | PurgeMessage
  /** The days a data process's statistics catch-up changed: sent on to the service's other processes. */
  | IngestedMessage
  /** A service process listens and answers. */
  | { type: 'ready' }
  /**
   * A service process is ready to listen and asks for its service's socket; the launcher answers with the
   * same type, the address bound, and the socket as the message's handle (`../launcher/listeningSockets.ts`).
   */
  | { type: 'listen-socket'; address?: string }
  /** Every restart count, sent to every process when one changes (and in the environment at fork). */
  | { type: 'restarts'; counts: RestartCount[] };

export const RESTARTS_ENV = 'SKYLIFT_PROCESS_RESTARTS';
