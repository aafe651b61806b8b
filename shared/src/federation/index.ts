/** The federation helpers the shell and the remotes import (`@skylift/shared/federation/index`). */
export type { ExposeName, MountModule, MountProps, PagesModule, RemoteExposes, RemoteName, RemotesManifest } from './contract';
export { createMount } from './createMount';
export { lazyPage } from './lazyPage';
export { PageRoutes } from './PageRoutes';
export {
  declarePages,
  fillTemplate,
  parseRemotePages,
  remotePagesOf,
  type HeaderVariant,
  type MenuEntry,
  type PageDefinition,
  type PageInfo,
  type PagesDeclaration,
  type RemotePages,
} from './pageDeclaration';
export { renderStandalone } from './renderStandalone';
export { pagesUrlOf, parseRemotesManifest, RemotesManifestError } from './remotesManifest';
