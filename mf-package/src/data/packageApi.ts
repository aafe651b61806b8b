/**
 * The package page's calls besides the shared data API client: the readme the web server renders, the
 * version's package.json through the CDN (description, keywords, module type), the latest commit of a
 * repository without releases (the data API's resolution of `latest`), and the known security advisories
 * of an npm version.
 */
import { dataApiUrl, encodePathPart, getJson, getRuntimeConfig, type PackageType } from '@skylift/shared';
import type { components } from '@skylift/shared';

/** The data API's answer: how many advisories affect the version, and the advisories (most severe first). */
export type PackageAdvisories = components['schemas']['PackageAdvisories'];
export type PackageAdvisory = PackageAdvisories['advisories'][number];

/** The known advisories of an npm version; rejects when the data API could not ask the registry. */
export function getAdvisories(name: string, version: string): Promise<PackageAdvisories> {
  return getJson<PackageAdvisories>(dataApiUrl(`/v1/packages/npm/${encodePathPart(name)}@${encodePathPart(version)}/advisories`));
}

export const NO_README = 'ERROR: No README data found!';

const readmes = new Map<string, Promise<string>>();

/** The readme HTML, or the placeholder when there is none; rejects on a failed request. */
export function getReadme(type: PackageType, name: string, version: string | null): Promise<string> {
  const base = getRuntimeConfig().wwwUrl.replace(/\/+$/, '');
  const url = `${base}/readme/${type}/${encodePathPart(name)}${version ? `/${encodePathPart(version)}` : ''}`;
  let pending = readmes.get(url);
  if (!pending) {
    pending = fetch(url).then(async (response) => {
      if (!response.ok) throw new Error(`The readme could not be loaded (HTTP ${response.status}).`);
      return response.text();
    });
    pending.catch(() => readmes.delete(url));
    readmes.set(url, pending);
  }
  return pending;
}

export function isMissingReadme(readme: string | null | undefined): boolean {
  return !readme || readme.trim() === '' || readme.trim() === NO_README;
}

export interface PackageManifest {
  description?: string;
  keywords?: string[];
  homepage?: string;
  license?: string;
  raw: Record<string, unknown>;
}

/** The version's package.json as the CDN serves it; null when there is none (repositories). */
export async function getManifest(type: PackageType, name: string, version: string): Promise<PackageManifest | null> {
  const url = `${getRuntimeConfig().cdnUrl.replace(/\/+$/, '')}/${type}/${encodePathPart(name)}@${encodePathPart(version)}/package.json`;
  try {
    const raw = await getJson<unknown>(url);
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
    const record = raw as Record<string, unknown>;
    const text = (key: string): string | undefined => (typeof record[key] === 'string' ? (record[key] as string) : undefined);
    const keywords = Array.isArray(record['keywords']) ? record['keywords'].filter((k): k is string => typeof k === 'string') : undefined;
    return { description: text('description'), keywords, homepage: text('homepage'), license: text('license'), raw: record };
  } catch {
    return null;
  }
}

/** What the version `latest` of a repository without releases resolves to: its default branch's latest commit. */
export async function getLatestCommit(name: string): Promise<string> {
  const answer = await getJson<{ version: string | null }>(dataApiUrl(`/v1/packages/gh/${encodePathPart(name)}/resolved`, { specifier: 'latest' }));
  if (!answer.version) throw new Error('The repository has no commit to show.');
  return answer.version;
}

/**
 * The package's source repository from its package.json (`repository` as a string or `{ url }`), as an
 * https address and its `owner/name` path; null when it names none or not one we can read.
 */
export function repositoryOf(manifest: PackageManifest | null): { url: string; path: string } | null {
  const field = manifest?.raw['repository'];
  const raw = typeof field === 'string' ? field : typeof field === 'object' && field !== null ? (field as Record<string, unknown>)['url'] : undefined;
  if (typeof raw !== 'string') return null;
  const match = /^(?:git\+)?(?:https?|git|ssh):\/\/(?:[^@/]+@)?([^/:]+)[/:]([^/]+)\/([^/#?]+?)(?:\.git)?(?:[#?].*)?$/.exec(raw.trim());
  if (!match) return null;
  const [, host, owner, repo] = match;
  return { url: `https://${host}/${owner}/${repo}`, path: `${owner}/${repo}` };
}
