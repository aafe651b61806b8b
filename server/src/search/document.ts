/**
 * Builds a search record from an npm package document: the full registry document (with `versions` and
 * `dist-tags`) or one version's package.json. Everything is read defensively: documents in the wild carry
 * every possible shape of `author`, `repository`, `keywords` and `license`.
 */
import { packageTypes } from './moduleTypes.ts';
import { POPULAR_MONTHLY_DOWNLOADS, type GithubRepo, type Owner, type SearchRecord } from './record.ts';

export interface IndexExtra {
  /** npm downloads over the last 30 days, when known. */
  downloads?: number;
  /** Requests our CDN served for the package, from our statistics. */
  jsDelivrHits?: number;
  /** Paths of the files of the indexed version, when its listing is at hand. */
  files?: readonly string[];
}

export interface DocumentOptions {
  /** Host name of the code-hosting service whose repositories become `githubRepo` (from configuration). */
  codeHost: string;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

export class DocumentError extends Error {}

/** The latest version's manifest of a registry document, or the document itself when it is a manifest. */
export function latestManifest(doc: Json): Json {
  const versions = doc['versions'];
  if (!isObject(versions)) return doc;
  const tags = isObject(doc['dist-tags']) ? doc['dist-tags'] : {};
  const latest = text(tags['latest']);
  const chosen = (latest && versions[latest]) || versions[Object.keys(versions).at(-1) ?? ''];
  if (!isObject(chosen)) throw new DocumentError(`Package ${text(doc['name'])} has no versions.`);
  return chosen;
}

function licenseOf(value: unknown): string | null {
  if (typeof value === 'string' && value) return value;
  if (isObject(value) && typeof value['type'] === 'string') return value['type'];
  if (Array.isArray(value)) {
    const names = value.map(licenseOf).filter((name): name is string => Boolean(name));
    return names.length ? names.join(' OR ') : null;
  }
  return null;
}

function keywordsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[,\s]+/) : [];
  const seen = new Set<string>();
  for (const item of list) {
    const keyword = text(item);
    if (keyword && !seen.has(keyword)) seen.add(keyword);
  }
  return [...seen];
}

/** `git+https://host/user/project.git`, `git@host:user/project`, `host:user/project` shorthand. */
export function repositoryOf(value: unknown, codeHost: string): GithubRepo | null {
  const raw = isObject(value) ? text(value['url']) : text(value);
  if (!raw) return null;
  const host = codeHost.toLowerCase();
  // npm's shorthand: `user/project` or `github:user/project`.
  const shorthand = /^(?:github:)?([\w.-]+)\/([\w.-]+?)(?:\.git)?$/.exec(raw);
  if (shorthand) return { user: shorthand[1]!, project: shorthand[2]! };
  const scp = /^(?:[\w.+-]+@)?([\w.-]+):([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/.exec(raw);
  if (scp && !raw.includes('://')) {
    return scp[1]!.toLowerCase() === host ? { user: scp[2]!, project: scp[3]! } : null;
  }
  try {
    const url = new URL(raw.replace(/^git\+/, ''));
    if (url.hostname.toLowerCase() !== host && url.hostname.toLowerCase() !== `www.${host}`) return null;
    const [user, project] = url.pathname.split('/').filter(Boolean);
    if (!user || !project) return null;
    return { user, project: project.replace(/\.git$/, '') };
  } catch {
    return null;
  }
}

function personName(value: unknown): string {
  if (isObject(value)) return text(value['name']);
  // "Name <email> (url)"
  return text(value).replace(/\s*[<(].*$/, '');
}

function ownerOf(manifest: Json, doc: Json, repo: GithubRepo | null, codeHost: string): Owner {
  if (repo) {
    const link = `https://${codeHost}/${repo.user}`;
    return { name: repo.user, avatar: `${link}.png`, link };
  }
  const maintainers = Array.isArray(manifest['maintainers']) ? manifest['maintainers'] : Array.isArray(doc['maintainers']) ? doc['maintainers'] : [];
  const name = personName(manifest['author']) || personName(doc['author']) || personName(maintainers[0]);
  return { name, avatar: '', link: '' };
}

function deprecationOf(manifest: Json): string | false {
  const value = manifest['deprecated'];
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (value === true) return 'This package is deprecated.';
  return false;
}

export function recordFromDocument(doc: unknown, extra: IndexExtra, options: DocumentOptions): SearchRecord {
  if (!isObject(doc)) throw new DocumentError('A package document must be a JSON object.');
  const name = text(doc['name']) || text(doc['_id']);
  if (!name) throw new DocumentError('A package document must have a name.');
  const manifest = latestManifest(doc);
  const repo = repositoryOf(manifest['repository'] ?? doc['repository'], options.codeHost);
  const downloads = Math.max(0, Math.round(extra.downloads ?? 0));
  const homepage = text(manifest['homepage']) || text(doc['homepage']);
  return {
    objectID: name,
    name,
    description: text(manifest['description']) || text(doc['description']),
    version: text(manifest['version']),
    license: licenseOf(manifest['license'] ?? doc['license']),
    homepage: homepage || null,
    keywords: keywordsOf(manifest['keywords'] ?? doc['keywords']),
    owner: ownerOf(manifest, doc, repo, options.codeHost),
    githubRepo: repo,
    deprecated: deprecationOf(manifest),
    popular: downloads >= POPULAR_MONTHLY_DOWNLOADS,
    ...packageTypes(manifest, extra.files),
    jsDelivrHits: Math.max(0, Math.round(extra.jsDelivrHits ?? 0)),
    downloads,
  };
}
