/**
 * `@skylift/shared/federation`: a remote's pages rendered from its declaration: inside the shell's router
 * (`PageRoutes`, each page's code loaded lazily), on a page without React (`createMount`, the
 * `./mount` expose) and on the remote's own standalone page (`renderStandalone`). None of it is on the site's
 * pages, which the shell renders with `lazyPage` of the main entry. The declarations themselves
 * are in `@skylift/shared/pages`; loading a remote is the shell's (`shell/src/remotes/loadRemoteModule.ts`).
 */
export { createMount } from './createMount';
export { PageRoutes } from './PageRoutes';
export { renderStandalone } from './renderStandalone';
