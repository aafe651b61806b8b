/** The messages between the launcher and the service processes over the cluster's IPC channel. */
import type { PurgeMessage } from '../purgefanout/fanout.ts';

/** Restarts of one service for one cause since the launcher started. */
export interface RestartCount {
  service: string;
  cause: string;
  count: number;
}

export type LauncherMessage =
  | PurgeMessage
  /** A service process listens and answers. */
  | { type: 'ready' }
  /** Every restart count, sent to every process when one changes (and in the environment at fork). */
  | { type: 'restarts'; counts: RestartCount[] };

export const RESTARTS_ENV = 'SKYLIFT_PROCESS_RESTARTS';
