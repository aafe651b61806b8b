/** The link builder: CDN URLs, tags, SRI, combined links and import names for files of npm and GitHub packages. */
export type { LinkDescriptor, VersionAlias, FileKind, PackageType, CollectionOptions, PinnedBuild } from './types';
export { DEFAULT_COLLECTION_OPTIONS } from './types';
export { importNameOf } from './importName';
export { aliasVersion, isExactVersion, majorOnlyVersion } from './version';
export { ESM_FILE, isEsmPath, fileKindOf, isMinifiedName, minifiedFileName, normalizeFilePath } from './fileNames';
export { fileUrl, buildMetaUrl, combinedUrl, cdnPath, linkVersion, linkFile, type UrlOptions } from './cdnUrl';
export { scriptTag, stylesheetTag, moduleImportTag, pinnedModuleTags, htmlFor, hasHtmlForm, integrityOf } from './tags';
export { SRI_INFO_PATH, COMBINE_WARNING, SRI_NOTE, SRI_INACTIVE_NOTE, type LinkNote } from './notes';
export { buildCollectionLinks, fileLinkOf, isSriActive, urlOptionsOf, type FileLink, type CombinedLink, type CollectionLinks } from './collectionLinks';
