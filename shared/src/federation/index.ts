/** The federation helpers the shell and the remotes import (`@skylift/shared/federation/index`). */
export type { ExposeName, MountModule, MountProps, PagesModule, RemoteExposes, RemoteName, RemotesManifest } from './contract';
export { createMount } from './createMount';
export { PageRoutes } from './PageRoutes';
export { RouteSkeletonPage, headingOf } from './RouteSkeletonPage';
export { renderStandalone } from './renderStandalone';
export { fetchRemotesManifest, parseRemotesManifest, RemotesManifestError } from './remotesManifest';
