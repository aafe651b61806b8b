/** The messages between the launcher and the service processes over the cluster's IPC channel. */
import type { PurgeMessage } from '../purgefanout/fanout.ts';

/** Restarts of one service for one cause since the launcher started. */
export interface RestartCount {
  service: string;
  cause: string;
  count: number;
}

/**
 * The days a data process's statistics catch-up changed (`../data/ingestNotices.ts` sends and hears it). Its
 * shape lives here, with the launcher's other messages, so that the launcher relays it without importing the
 * data API's folder.
 */
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
  /** Every restart count, sent to every process when one changes (and in the environment at fork). */
  | { type: 'restarts'; counts: RestartCount[] };

export const RESTARTS_ENV = 'SKYLIFT_PROCESS_RESTARTS';
