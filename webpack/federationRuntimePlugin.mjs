/**
 * The shell's federation runtime plugin that provides the runtime to the remotes (see federationRuntime.mjs)
 * before any remote is loaded.
 */
import { provideFederationRuntime } from './federationRuntime.mjs';

export default function federationRuntimePlugin() {
  return {
    name: 'skylift-provide-federation-runtime',
    beforeInit(args) {
      provideFederationRuntime();
      return args;
    },
  };
}
