/**
 * A package page's metadata completed with what the package layer knows: its own description for search
 * results and link previews; when the package does not exist, `noindex` (no canonical address), so crawlers do
 * not keep pages of names nobody published, the error catalogue's sentence as its heading and description, and
 * `missing`, which makes the answer a 404.
 */
import { PACKAGE_NOT_FOUND_HEADING, packageNotFoundText, packagePageDescription } from '@skylift/shared/meta/packagePageMeta';
import type { PackageStore } from '../../packages/types.ts';
import type { PageMeta } from '../pages/routeMeta.ts';
import { packageFacts, packageOfPage } from './packageFacts.ts';

export async function withPackageFacts(
  meta: PageMeta,
  pathname: string,
  packages: () => Promise<PackageStore>,
): Promise<{ meta: PageMeta; missing: boolean }> {
  const ref = packageOfPage(pathname);
  if (!ref) return { meta, missing: false };
  const facts = await packageFacts(await packages(), ref);
  if (!facts) return { meta, missing: false };
  if (!facts.exists) {
    const { canonicalUrl: _canonical, ...rest } = meta;
    return { meta: { ...rest, noindex: true, heading: PACKAGE_NOT_FOUND_HEADING, description: packageNotFoundText(ref.name) }, missing: true };
  }
  if (!facts.description) return { meta, missing: false };
  return { meta: { ...meta, description: packagePageDescription(ref.type, ref.name, facts.description) }, missing: false };
}
