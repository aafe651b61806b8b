/**
 * Start-up work that runs once, before and beside the first render: the runtime configuration and the
 * remotes manifest (so the first route's remote can load) and the stat periods, fetched once into the
 * shared store every remote reads.
 */
import { loadPeriods } from '@skylift/shared';
import { ensureRemotesRegistered } from './remoteRegistry';

export function startShell(): void {
  ensureRemotesRegistered().then(
    // The periods come from the data API, whose URL is in the runtime configuration.
    () => loadPeriods(),
    (error: unknown) => {
      // The frame still renders; each remote route shows its fallback with a Retry.
      console.error(`The site configuration could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
    },
  );
}
