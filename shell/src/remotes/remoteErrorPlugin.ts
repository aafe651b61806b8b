/**
 * A federation runtime plugin that turns any failure to load a remote (manifest 404, server down, script
 * error) into one clear console message naming the remote. It returns no substitute module, so the caller
 * receives the error and the shell shows its fallback with a Retry inside the frame.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export function remoteErrorPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'remote-load-error',
    errorLoadRemote({ id, error, lifecycle }) {
      const reason = error instanceof Error ? error.message : String(error);
      console.error(`Remote module ${id.replace(/_/g, '-')} failed to load (${lifecycle}): ${reason}`);
      return undefined;
    },
  };
}
