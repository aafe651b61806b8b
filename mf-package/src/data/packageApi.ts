/**
 * The package page's calls besides the shared data API client: the readme the web server renders, the latest
 * commit of a repository without releases (the data API's resolution of `latest`), and the known security
 * advisories of an npm version.
 */
import { dataApiUrl, encodePathPart, getJson, getRuntimeConfig, packagePageRequests, type PackageType } from '@skylift/shared';
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
  const url = `${base}${packagePageRequests.readme(type, name, version)}`;
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

/** What the version `latest` of a repository without releases resolves to: its default branch's latest commit. */
export async function getLatestCommit(name: string): Promise<string> {
  const answer = await getJson<{ version: string | null }>(dataApiUrl(`/v1/packages/gh/${encodePathPart(name)}/resolved`, { specifier: 'latest' }));
  if (!answer.version) throw new Error('The repository has no commit to show.');
  return answer.version;
}
