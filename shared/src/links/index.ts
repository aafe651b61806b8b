/**
 * `@skylift/shared/links`: the link builder (CDN URLs, tags, SRI, combined links and import names for files of npm
 * and GitHub packages) and the visitor's collection of links.
 */
export type { LinkDescriptor, VersionAlias, FileKind, PackageType, CollectionOptions, PinnedBuild } from './types';
export { DEFAULT_COLLECTION_OPTIONS } from './types';
export { importNameOf } from './importName';
export { aliasVersion, isExactVersion, majorOnlyVersion } from './version';
export { ESM_FILE, isEsmPath, fileKindOf, isMinifiedName, minifiedFileName, normalizeFilePath } from './fileNames';
export { fileUrl, buildMetaUrl, combinedUrl, cdnPath, linkVersion, linkFile, type UrlOptions } from './cdnUrl';
export { scriptTag, stylesheetTag, moduleImportTag, pinnedModuleTags, htmlFor, hasHtmlForm, integrityOf } from './tags';
export { SRI_INFO_PATH, COMBINE_WARNING, SRI_NOTE, SRI_INACTIVE_NOTE, type LinkNote } from './notes';
export { buildCollectionLinks, fileLinkOf, isSriActive, urlOptionsOf, type FileLink, type CombinedLink, type CollectionLinks } from './collectionLinks';
// The visitor's link collection, a store: one copy for every package of the page, as this entry is a federation singleton.
export {
  collection$,
  collectionOptions$,
  toggleCollectionItem,
  isInCollection,
  removeCollectionItem,
  clearCollection,
  moveCollectionItem,
  setCollectionOption,
  type CollectionItem,
  type CollectionItemKey,
  type CollectionItemInput,
  type CollectionFileListing,
  type CollectionOptionName,
} from './collection';
