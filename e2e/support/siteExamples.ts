/**
 * Every CDN, data API and esm.run address the site shows as an example or builds as a link, collected from
 * where the pages take them: the remotes' data modules (home page tabs, the API promo, the converters'
 * comparison samples, the Foundation, GSAP and collection link builders) and the content files the
 * information pages render (documentation, SRI guide, blog posts). Each is built on this deployment's
 * addresses, as the pages build them from the runtime configuration, so fetching it tests what a visitor
 * would paste. A URL shape with placeholders (`package@version`, `<commit>`) is a template, kept apart.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { API_EXAMPLES } from '../../mf-search/src/home/apiExamples.ts';
import { demoModuleUrl } from '../../mf-search/src/home/esmDemo.ts';
import { DOCS_TABS, usageDocs } from '../../mf-search/src/home/usageExamples.ts';
import { convertEsmSh, ESM_SH_EXAMPLES } from '../../mf-tools/src/converters/esmSh.ts';
import { convertSkypack, SKYPACK_EXAMPLES } from '../../mf-tools/src/converters/skypack.ts';
import { distFiles, foundationVersions, PACKAGE as FOUNDATION } from '../../mf-tools/src/foundation/foundationFiles.ts';
import { buildLinks } from '../../mf-tools/src/foundation/foundationLinks.ts';
import { DEFAULT_OPTIONS as FOUNDATION_DEFAULTS } from '../../mf-tools/src/foundation/options.ts';
import { ALIASINGS, coreUrl, PACKAGE as GSAP, packageBase, pluginFiles, pluginUrl } from '../../mf-tools/src/gsap/gsapLinks.ts';
import { fillPlaceholders } from '../../mf-marketing/src/markdown/placeholders.ts';
import { buildCollectionLinks } from '../../shared/src/links/collectionLinks.ts';
import { DEFAULT_COLLECTION_OPTIONS, type LinkDescriptor } from '../../shared/src/links/types.ts';
import type { FileTreeEntry, FlatFile } from '../../shared/src/api/types.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const CONTENT = path.join(root, 'mf-marketing', 'content');

export interface ServiceUrls {
  cdnUrl: string;
  dataApiUrl: string;
  esmRunUrl: string;
}

export interface SiteExample {
  /** Where the site shows it, for the failure message. */
  where: string;
  url: string;
}

export interface CollectedExamples {
  /** Addresses that must answer. */
  examples: SiteExample[];
  /** URL shapes with placeholders, shown as text. */
  templates: SiteExample[];
}

/** Placeholders of a URL shape: angle brackets or braces, and the words the shapes stand with. */
const TEMPLATE = /[<>{}]|\/package@|\/user\/repo@|@version(?:\/|$)|\/plugins\/project\/|@$/;

export const isTemplate = (url: string): boolean => TEMPLATE.test(url);

const trim = (url: string): string => url.replace(/\/+$/, '');
const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The addresses below one of the services in a text (code, markdown), closing punctuation left out. */
export function addressesIn(text: string, urls: ServiceUrls): string[] {
  const bases = [urls.cdnUrl, urls.dataApiUrl, urls.esmRunUrl].map(trim);
  const found: string[] = [];
  for (const base of bases) {
    const pattern = new RegExp(`${escapeRegExp(base)}(/[^\\s'"\`()\\[\\]]*)?`, 'g');
    for (const match of text.matchAll(pattern)) {
      const url = match[0].replace(/[.,;:!]+$/, '');
      // A service's bare address is where it lives, not an example of something it serves.
      if (trim(url) !== base) found.push(url);
    }
  }
  return found;
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? markdownFiles(path.join(dir, entry.name))
      : entry.name.endsWith('.md') && entry.name !== 'README.md'
        ? [path.join(dir, entry.name)]
        : [],
  );
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

interface VersionsDocument {
  tags: Record<string, string>;
  versions: Array<{ version: string }>;
}

/** Foundation's page with its default options, for every version it offers: what it builds from the data API's listing. */
async function foundationLinks(urls: ServiceUrls): Promise<string[]> {
  const list = await getJson<VersionsDocument>(`${urls.dataApiUrl}/v1/packages/npm/${FOUNDATION}`);
  const out: string[] = [];
  for (const version of foundationVersions(list.versions.map((v) => v.version))) {
    const flat = await getJson<{ files: FlatFile[] }>(`${urls.dataApiUrl}/v1/packages/npm/${FOUNDATION}@${version}?structure=flat`);
    const files = distFiles(flat.files, version);
    for (const options of [FOUNDATION_DEFAULTS, { ...FOUNDATION_DEFAULTS, group: true, majorOnly: true, esm: true }]) {
      out.push(...buildLinks(urls.cdnUrl, files, version, options));
    }
  }
  return out;
}

/** GSAP's page for its latest version: the core file and every plugin, as files and as modules, under each aliasing. */
async function gsapLinks(urls: ServiceUrls): Promise<string[]> {
  const list = await getJson<VersionsDocument>(`${urls.dataApiUrl}/v1/packages/npm/${GSAP}`);
  const version = list.tags['latest'] ?? list.versions[0]?.version;
  if (!version) throw new Error('The data API lists no GSAP version.');
  const [entrypoints, listing] = await Promise.all([
    getJson<{ entrypoints: { js?: { file: string } } }>(`${urls.dataApiUrl}/v1/packages/npm/${GSAP}@${version}/entrypoints`),
    getJson<{ default: string | null; files: FileTreeEntry[] }>(`${urls.dataApiUrl}/v1/packages/npm/${GSAP}@${version}`),
  ]);
  const core = entrypoints.entrypoints.js?.file ?? listing.default;
  if (!core) throw new Error('GSAP has no core file.');
  const out: string[] = [];
  ALIASINGS.forEach((_aliasing, index) => {
    const base = packageBase(urls.cdnUrl, version, index);
    for (const esm of [false, true]) {
      out.push(coreUrl(base, core, esm));
      for (const plugin of pluginFiles(listing.files, core)) out.push(pluginUrl(base, plugin.file, esm));
    }
  });
  return out;
}

/** A collection of a package's JS and CSS files with the collection's default options, then as modules and aliased. */
function collectionLinks(urls: ServiceUrls): string[] {
  const items: LinkDescriptor[] = [
    { type: 'npm', name: 'jquery', version: '3.7.1', file: '/dist/jquery.js' },
    { type: 'npm', name: 'bootstrap', version: '5.3.3', file: '/dist/js/bootstrap.js' },
    { type: 'npm', name: 'bootstrap', version: '5.3.3', file: '/dist/css/bootstrap.css' },
    { type: 'npm', name: 'canvas-confetti', version: '1.9.3', file: '/+esm' },
    { type: 'gh', name: 'jquery/jquery', version: '3.7.1', file: '/dist/jquery.js' },
  ];
  const out: string[] = [];
  for (const options of [DEFAULT_COLLECTION_OPTIONS, { ...DEFAULT_COLLECTION_OPTIONS, optimize: false, alias: true }]) {
    const links = buildCollectionLinks(urls.cdnUrl, items, options);
    out.push(...links.files.map((file) => file.url), ...links.combined.map((combined) => combined.url));
  }
  return out;
}

/** Every example address of the site on this deployment, and the URL shapes it shows as text. */
export async function collectSiteExamples(urls: ServiceUrls): Promise<CollectedExamples> {
  const examples: SiteExample[] = [];
  const templates: SiteExample[] = [];
  const add = (where: string, url: string): void => {
    (isTemplate(url) ? templates : examples).push({ where, url });
  };

  for (const tab of DOCS_TABS) {
    for (const example of usageDocs(tab.id, urls.cdnUrl).examples) {
      const found = addressesIn(example.code, urls);
      if (example.template) for (const url of found) templates.push({ where: `home page, ${tab.label} tab`, url });
      else for (const url of found) add(`home page, ${tab.label} tab`, url);
    }
  }
  add('home page, ES module demo', demoModuleUrl(urls.cdnUrl));

  for (const [id, example] of Object.entries(API_EXAMPLES)) {
    add(`home page, API promo (${id})`, `${trim(urls.dataApiUrl)}${example.path}`);
    for (const link of JSON.stringify(example.response).match(/"\/v1\/[^"]+"/g) ?? []) {
      add(`home page, API promo (${id}) answer`, `${trim(urls.dataApiUrl)}${JSON.parse(link) as string}`);
    }
  }

  const values = { cdnUrl: trim(urls.cdnUrl), dataApiUrl: trim(urls.dataApiUrl), esmRunUrl: trim(urls.esmRunUrl), wwwUrl: 'http://www.invalid' };
  for (const file of markdownFiles(CONTENT)) {
    const text = fillPlaceholders(readFileSync(file, 'utf8'), values);
    for (const url of addressesIn(text, urls)) add(path.relative(root, file), url);
  }

  const targets = { cdnUrl: trim(urls.cdnUrl), esmRunUrl: trim(urls.esmRunUrl), dataApiUrl: trim(urls.dataApiUrl) };
  for (const example of ESM_SH_EXAMPLES) add(`/esm.sh converter table (${example.link})`, convertEsmSh(example.link, targets));
  for (const example of SKYPACK_EXAMPLES) add(`/skypack converter table (${example.link})`, convertSkypack(example.link, targets));

  for (const url of await foundationLinks(urls)) add('/foundationcdn', url);
  for (const url of await gsapLinks(urls)) add('/gsap', url);
  for (const url of collectionLinks(urls)) add('the collection', url);
  return { examples, templates };
}
