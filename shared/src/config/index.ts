/**
 * `@skylift/shared/config`: what a deployment configures, as the web server writes it and the browser reads
 * it: the runtime configuration's shape and check, the operator's site content and its defaults, and the
 * boot document that carries both into every page with the remotes and their pages. Pure: the web server
 * reads it too. The configuration as a store for the pages (`useRuntimeConfig`) is in the main entry.
 */
export { parseRuntimeConfig, RuntimeConfigError, type RuntimeConfig, type SearchConfig } from './runtimeConfigShape';
export * from '../content/siteContent';
export * from '../boot/bootDocument';
