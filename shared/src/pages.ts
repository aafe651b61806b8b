/**
 * `@skylift/shared/pages`: the pages of the site as data. What a remote declares about its pages and the slots
 * of the frame it fills (and the check the web server and the build make of it), the contract between the
 * shell and the remotes, the remotes manifest, which page owns an address, and the titles of package pages.
 * Pure: the web server and the build (which evaluates each remote's `./pages` module in Node) read it too.
 */
export {
  declarePages,
  fillTemplate,
  pageInfoOf,
  parseRemotePages,
  patternParams,
  remotePagesOf,
  HEADER_VARIANTS,
  MENU_NAMES,
  SLOT_NAMES,
  PageDeclarationError,
  type HeaderVariant,
  type MenuEntry,
  type MenuName,
  type PageDefinition,
  type PageInfo,
  type PagesDeclaration,
  type ParamRule,
  type RemotePages,
  type SlotFill,
  type SlotName,
} from './federation/pageDeclaration';
export type {
  ExposeName,
  MountModule,
  MountProps,
  PagesModule,
  RemoteExposes,
  RemoteName,
  RemotesManifest,
  SlotModule,
  SlotProps,
} from './federation/contract';
export { PAGES_FILE, REMOTE_ENTRY_FILE, RemotesManifestError, pagesUrlOf, parseRemotesManifest, remoteEntryUrlOf } from './federation/remotesManifest';
export { matchPattern, matchRoute, normalisePathname, type RouteMatch } from './routes/matchRoute';
export { frameRedirects, isExternal, type FrameRedirect } from './routes/frameRoutes';
export { legacyProjectTarget, legacyProjectsRedirect } from './routes/legacyProjects';
export { PACKAGE_NOT_FOUND_HEADING, packageNotFoundText, packagePageDescription, packagePageTitle, type PackageKind } from './meta/packagePageMeta';
export { encodePathPart, packagePageRequests, packagePath, type PackagePathType } from './api/paths';
