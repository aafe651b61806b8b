/**
 * A package page's metadata completed with what the package layer knows: its own description for search
 * results and link previews, and the addresses the page will ask for first (its versions, then the shown
 * version's package.json, entry points and readme), preloaded by the browser while the page's code is still on
 * its way; when the package does not exist, `noindex` (no canonical address), so crawlers do not keep pages of
 * names nobody published, the error catalogue's sentence as its heading and description, and `missing`, which
 * makes the answer a 404.
 */
import { PACKAGE_NOT_FOUND_HEADING, packageNotFoundText, packagePageDescription, packagePageRequests } from '@skylift/shared/pages';
import type { PackageRef, PackageStore } from '../../packages/types.ts';
import type { PageMeta } from '../pages/routeMeta.ts';
import { pageVersion, requestedVersionOf } from '../seo/structuredData.ts';
import { packageFacts, packageOfPage, type PackageFacts } from './packageFacts.ts';

export interface PackagePageRequest {
  /** The address asked for, with its query (`?version=`). */
  url: string;
  dataUrl: string;
  wwwUrl: string;
}

/** What the page asks for before anything else, as it asks for it (`packagePageRequests`, shared with the page). */
function firstRequests(ref: PackageRef, facts: PackageFacts, page: PackagePageRequest): string[] {
  const data = page.dataUrl.replace(/\/+$/, '');
  const urls = [`${data}${packagePageRequests.versionNames(ref.type, ref.name)}`];
  const version = pageVersion(facts.versions, facts.tags, requestedVersionOf(page.url));
  if (version === null) return urls;
  urls.push(`${data}${packagePageRequests.manifest(ref.type, ref.name, version)}`);
  if (ref.type === 'npm') urls.push(`${data}${packagePageRequests.entrypoints(ref.type, ref.name, version)}`);
  urls.push(`${page.wwwUrl.replace(/\/+$/, '')}${packagePageRequests.readme(ref.type, ref.name, version)}`);
  return urls;
}

export async function withPackageFacts(
  meta: PageMeta,
  pathname: string,
  packages: () => Promise<PackageStore>,
  page: PackagePageRequest,
): Promise<{ meta: PageMeta; missing: boolean }> {
  const ref = packageOfPage(pathname);
  if (!ref) return { meta, missing: false };
  const facts = await packageFacts(await packages(), ref);
  if (!facts) return { meta, missing: false };
  if (!facts.exists) {
    const { canonicalUrl: _canonical, ...rest } = meta;
    return { meta: { ...rest, noindex: true, heading: PACKAGE_NOT_FOUND_HEADING, description: packageNotFoundText(ref.name) }, missing: true };
  }
  const preload = firstRequests(ref, facts, page);
  if (!facts.description) return { meta: { ...meta, preload }, missing: false };
  return { meta: { ...meta, description: packagePageDescription(ref.type, ref.name, facts.description), preload }, missing: false };
}
