/** A package's versions and tags as the data API and the website list them, from its upstream documents. */
import { highestTag, repoVersions } from '../resolve/resolveGitHub.ts';
import type { PackageRef, PackageVersions } from '../types.ts';
import type { UpstreamDocuments } from './upstreamDocuments.ts';

/** `purgedAt`: when the package was last purged anywhere in the fleet (an older document is refetched). */
export async function packageVersions(documents: UpstreamDocuments, ref: PackageRef, purgedAt: number | null): Promise<PackageVersions> {
  if (ref.type === 'npm') {
    const doc = await documents.npmFull(ref.name, purgedAt);
    const time = doc.value.time ?? {};
    return {
      type: 'npm',
      name: ref.name,
      tags: { ...doc.value.distTags },
      versions: doc.value.order.map((version) => ({
        version,
        ...(doc.value.versions[version]?.deprecated ? { deprecated: true } : {}),
        ...(time[version] ? { time: time[version] } : {}),
        ...(doc.value.versions[version]?.tarball ? { tarball: doc.value.versions[version]!.tarball } : {}),
      })),
      stale: doc.stale,
    };
  }
  const doc = await documents.repo(ref.name, purgedAt);
  return {
    type: 'gh',
    name: ref.name,
    tags: { latest: highestTag(doc.value) ?? doc.value.defaultBranch },
    versions: repoVersions(doc.value).map((version) => ({ version })),
    stale: doc.stale,
  };
}
