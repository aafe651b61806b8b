/**
 * Every link the collection view shows, from the selected files and the options: one per file, plus a
 * combined `/combine/` link for the JS files and one for the CSS files when there is more than one of a kind
 *.
 */
import { combinedUrl, fileUrl, type UrlOptions } from './cdnUrl';
import { fileKindOf } from './fileNames';
import { importNameOf } from './importName';
import { COMBINE_WARNING, SRI_INACTIVE_NOTE, SRI_NOTE, type LinkNote } from './notes';
import { htmlFor, integrityOf, pinnedModuleTags } from './tags';
import type { CollectionOptions, FileKind, LinkDescriptor } from './types';

export interface FileLink<T extends LinkDescriptor = LinkDescriptor> {
  item: T;
  kind: FileKind;
  url: string;
  /** The tag for the URL, or `null` when the file has no HTML form. */
  html: string | null;
  /** `sha256-...` when SRI is active and the file's hash is known; `sha384-...` of an `+esm` build at its pinned URL. */
  integrity: string | null;
  /** What to show and copy: the tag when `html` is on and the file has one, otherwise the URL. */
  text: string;
}

export interface CombinedLink {
  kind: 'js' | 'css';
  url: string;
  html: string;
  text: string;
  /** How many files it joins. */
  count: number;
}

export interface CollectionLinks<T extends LinkDescriptor = LinkDescriptor> {
  files: FileLink<T>[];
  combined: CombinedLink[];
  /** Whether integrity attributes are being produced. */
  sriActive: boolean;
  notes: LinkNote[];
}

/** SRI output is active only while html is on and optimize and alias are off. */
export function isSriActive(options: CollectionOptions): boolean {
  return options.sri && options.html && !options.optimize && !options.alias;
}

export function urlOptionsOf(options: CollectionOptions): UrlOptions {
  return { minify: options.optimize, majorOnly: options.alias };
}

/** The link of one file under the collection options. */
export function fileLinkOf<T extends LinkDescriptor>(cdnUrl: string, item: T, options: CollectionOptions): FileLink<T> {
  const kind = fileKindOf(item.file);
  // An `+esm` build with integrity is linked at its pinned URL: the convenient one may get another build.
  if (kind === 'esm' && isSriActive(options) && item.pinned) {
    const { url, integrity } = item.pinned;
    const html = pinnedModuleTags(url, integrity, importNameOf(item.name));
    return { item, kind, url, html, integrity, text: html };
  }
  const url = fileUrl(cdnUrl, item, urlOptionsOf(options));
  const hash = isSriActive(options) && item.hash && (kind === 'js' || kind === 'css') ? item.hash : null;
  const html = htmlFor(url, kind, { hash, importName: importNameOf(item.name) });
  return { item, kind, url, html, integrity: hash ? integrityOf(hash) : null, text: options.html && html !== null ? html : url };
}

export function buildCollectionLinks<T extends LinkDescriptor>(cdnUrl: string, items: readonly T[], options: CollectionOptions): CollectionLinks<T> {
  const files = items.map((item) => fileLinkOf(cdnUrl, item, options));
  const combined: CombinedLink[] = [];
  for (const kind of ['js', 'css'] as const) {
    const ofKind = files.filter((file) => file.kind === kind).map((file) => file.item);
    if (ofKind.length < 2) continue;
    const url = combinedUrl(cdnUrl, ofKind, urlOptionsOf(options));
    const html = htmlFor(url, kind) ?? url;
    combined.push({ kind, url, html, text: options.html ? html : url, count: ofKind.length });
  }
  const sriActive = isSriActive(options);
  const notes: LinkNote[] = [];
  if (combined.length > 0) notes.push(COMBINE_WARNING);
  if (options.sri) notes.push(sriActive ? SRI_NOTE : SRI_INACTIVE_NOTE);
  return { files, combined, sriActive, notes };
}
