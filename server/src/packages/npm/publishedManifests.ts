/**
 * The package.json of npm versions that are not extracted here because they are over their size limit, read
 * from the registry's version document instead of the tarball. A page of such a version still needs its
 * description, licence and repository (share metadata, structured data), and a tarball of hundreds of
 * megabytes is no way to learn them. A published version's document does not change: the last few are kept.
 */
import type { RegistryClient } from './registryClient.ts';

const KEPT = 256;

export class PublishedManifests {
  private readonly kept = new Map<string, Promise<Record<string, unknown>>>();

  constructor(private readonly registry: Pick<RegistryClient, 'versionDocument'>) {}

  get(name: string, version: string): Promise<Record<string, unknown>> {
    const key = `${name}@${version}`;
    const known = this.kept.get(key);
    if (known) {
      // Most recently used last, so that the oldest is the one dropped.
      this.kept.delete(key);
      this.kept.set(key, known);
      return known;
    }
    const loading = this.registry.versionDocument(name, version).then(withoutRegistryFields);
    // A failure is not kept: the next page asks again.
    loading.catch(() => this.kept.delete(key));
    this.kept.set(key, loading);
    if (this.kept.size > KEPT) this.kept.delete(this.kept.keys().next().value!);
    return loading;
  }
}

/** The registry adds its own fields (`_id`, `_npmUser`, `dist`, ...) to what the author published. */
function withoutRegistryFields(document: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(document).filter(([key]) => !key.startsWith('_') && key !== 'dist'));
}
