/** The script a remote's standalone page loads first: the federation runtime the shell would otherwise provide (see federationRuntime.mjs). */
import { provideFederationRuntime } from './federationRuntime.mjs';

provideFederationRuntime();
