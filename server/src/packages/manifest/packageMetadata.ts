/**
 * What a package.json says about its package, read as npm reads it: normalize-package-data (the normaliser
 * npm's own tools run) on the fields a page shows, and hosted-git-info (which it uses) for the repository's
 * code host. So `"repository": "lodash/lodash"` is lodash's GitHub repository, `"keywords": "a, b"` two
 * keywords, `"author": "Name <mail> (url)"` a person, a missing `bugs` or `homepage` the repository's issues
 * or readme. Licences are read as npm shows them: the `license` (or `licence`) string, the type of an object,
 * or the old `licenses` list joined with OR.
 */
import hostedGitInfo from 'hosted-git-info';
import normalize from 'normalize-package-data';

export interface Person {
  name: string;
  email: string | null;
  url: string | null;
}

export interface Repository {
  /** The address as npm normalises it (`git+https://github.com/lodash/lodash.git`). */
  url: string;
  /** The folder of a monorepo the package lives in, as the package names it. */
  directory: string | null;
  /** The repository's page on its code host (the folder's, with `directory`); null where that cannot be told. */
  web: string | null;
  /** Whose repository it is on a code host hosted-git-info knows (GitHub, GitLab, Bitbucket, Sourcehut). */
  owner: Owner | null;
  /** `user/repo` of a repository on GitHub, whose files the CDN serves under `/gh/`; null elsewhere. */
  github: string | null;
}

export interface Owner {
  name: string;
  /** Their page on the code host. */
  link: string;
  /** Their avatar's address on the code host, where it has one by name (GitHub); null elsewhere. */
  avatar: string | null;
}

export interface PackageMetadata {
  description: string | null;
  keywords: string[];
  homepage: string | null;
  repository: Repository | null;
  bugs: { url: string | null; email: string | null } | null;
  license: string | null;
  author: Person | null;
  contributors: Person[];
}

type Json = Record<string, unknown>;

/** The fields read here: normalize-package-data fixes each of them, and nothing else of the package is needed. */
const FIELDS = ['description', 'keywords', 'homepage', 'repository', 'bugs', 'author', 'contributors'] as const;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** A copy of the fields, as JSON: the normaliser changes what it is given, and a manifest may be shared. */
function pickFields(manifest: Json): Json {
  const picked: Json = {};
  for (const field of FIELDS) if (manifest[field] !== undefined) picked[field] = structuredClone(manifest[field]);
  return picked;
}

function personOf(value: unknown): Person | null {
  if (!isObject(value)) return null;
  const name = text(value['name']);
  return name ? { name, email: text(value['email']), url: text(value['url']) } : null;
}

function licenseOf(manifest: Json): string | null {
  const one = (value: unknown): string | null => text(isObject(value) ? value['type'] : value);
  const direct = one(manifest['license']) ?? one(manifest['licence']);
  if (direct) return direct;
  const list = manifest['licenses'];
  if (!Array.isArray(list)) return null;
  const names = list.map(one).filter((name): name is string => name !== null);
  return names.length ? names.join(' OR ') : null;
}

export interface MetadataOptions {
  /** GitHub's web address (`SKYLIFT_GITHUB_WEB`): an owner's page and avatar there; GitHub's own by default. */
  githubWeb?: string;
}

function ownerOf(hosted: hostedGitInfo, { githubWeb = 'https://github.com' }: MetadataOptions): Owner | null {
  if (!hosted.user || !hosted.domain) return null;
  if (hosted.type !== 'github') return { name: hosted.user, link: `https://${hosted.domain}/${hosted.user}`, avatar: null };
  const link = `${githubWeb.replace(/\/+$/, '')}/${hosted.user}`;
  return { name: hosted.user, link, avatar: `${link}.png?size=64` };
}

/** The repository as normalised, with its code host's page and owner where hosted-git-info knows the host. */
function repositoryOf(field: unknown, options: MetadataOptions): Repository | null {
  if (!isObject(field)) return null;
  const url = text(field['url']);
  if (!url) return null;
  const directory = text(field['directory']);
  const hosted = hostedGitInfo.fromUrl(url);
  if (hosted)
    return {
      url,
      directory,
      web: directory ? hosted.browse(directory) : hosted.browse(),
      owner: ownerOf(hosted, options),
      github: hosted.type === 'github' ? `${hosted.user}/${hosted.project}` : null,
    };
  // A host hosted-git-info does not know: its https address, when it has one, is most likely its page.
  const https = /^(?:git\+)?(https:\/\/[^\s#?]+?)(?:\.git)?\/?(?:#.*)?$/.exec(url);
  return { url, directory, web: https ? https[1]! : null, owner: null, github: null };
}

/** What an npm package.json (or a repository's) says of its package, normalised; a missing manifest says nothing. */
export function packageMetadata(manifest: Json | null, options: MetadataOptions = {}): PackageMetadata {
  const data = manifest ? pickFields(manifest) : {};
  try {
    normalize(data as normalize.Input);
  } catch {
    // Fields the normaliser cannot read are left as they are and read defensively below.
  }
  const bugs = isObject(data['bugs']) ? { url: text(data['bugs']['url']), email: text(data['bugs']['email']) } : null;
  return {
    description: text(data['description']),
    keywords: Array.isArray(data['keywords']) ? [...new Set(data['keywords'].map(text).filter((k): k is string => k !== null))] : [],
    homepage: text(data['homepage']),
    repository: repositoryOf(data['repository'], options),
    bugs: bugs && (bugs.url || bugs.email) ? bugs : null,
    license: manifest ? licenseOf(manifest) : null,
    author: personOf(data['author']),
    contributors: Array.isArray(data['contributors']) ? data['contributors'].map(personOf).filter((p): p is Person => p !== null) : [],
  };
}

/** A GitHub repository's own facts, where a repository has no package.json to name itself. */
export function githubRepository(user: string, repo: string, options: MetadataOptions = {}): Repository {
  return repositoryOf({ type: 'git', url: `git+https://github.com/${user}/${repo}.git` }, options)!;
}
