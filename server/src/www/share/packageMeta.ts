/**
 * A package page's metadata completed with what the package layer knows: its own description for search
 * results and link previews, and `noindex` (no canonical address) when the package does not exist, so
 * crawlers do not keep pages of names nobody published.
 */
import { packagePageDescription } from '@skylift/shared/pages';
import type { PackageStore } from '../../packages/types.ts';
import type { PageMeta } from '../pages/routeMeta.ts';
import { packageFacts, packageOfPage } from './packageFacts.ts';

export async function withPackageFacts(meta: PageMeta, pathname: string, packages: () => Promise<PackageStore>): Promise<PageMeta> {
  const ref = packageOfPage(pathname);
  if (!ref) return meta;
  const facts = await packageFacts(await packages(), ref);
  if (!facts) return meta;
  if (!facts.exists) {
    const { canonicalUrl: _canonical, ...rest } = meta;
    return { ...rest, noindex: true };
  }
  if (!facts.description) return meta;
  return { ...meta, description: packagePageDescription(ref.type, ref.name, facts.description) };
}
