/**
 * Requested versions to exact ones: exact npm versions already extracted need no document; aliases go
 * through the fleet's shared answers (`sharedAliases.ts`), resolved from the upstream documents when no
 * instance has answered them yet.
 */
import type { UpstreamDocuments } from '../documents/upstreamDocuments.ts';
import { PackageError, type PackageRef, type ResolvedVersion, type VersionKind } from '../types.ts';
import { COMMIT_RE, findTag, resolveGitHubRef } from './resolveGitHub.ts';
import { exactVersion, resolveNpmVersion } from './resolveNpm.ts';
import type { AliasResolution, SharedAliases } from './sharedAliases.ts';

export const npmKey = (name: string, version: string): string => `npm/${name}/${version}`;
export const ghKey = (repo: string, sha: string): string => `gh/${repo}/${sha}`;
/** The package or repository a key of `npmKey` or `ghKey` names. */
export const refOfKey = (key: string): PackageRef => ({
  type: key.startsWith('gh/') ? 'gh' : 'npm',
  name: key.slice(key.indexOf('/') + 1, key.lastIndexOf('/')),
});

export class Resolver {
  constructor(
    private readonly documents: UpstreamDocuments,
    private readonly aliases: SharedAliases,
    /** True when the version is extracted on this machine (then it needs no document). */
    private readonly extractedHere: (key: string) => Promise<boolean>,
  ) {}

  async npm(name: string, requested: string): Promise<ResolvedVersion> {
    const exact = exactVersion(requested);
    if (exact) {
      // An extracted version is immutable: no document needed, and it keeps working while the registry is down.
      if (await this.extractedHere(npmKey(name, exact))) return { type: 'npm', name, requested, version: exact, kind: 'version', stale: false };
      // The version's own document, not the package's (`npmVersion`): it throws when the version does not exist.
      const { stale } = await this.documents.npmVersion(name, exact);
      return { type: 'npm', name, requested, version: exact, kind: 'version', stale };
    }
    const answer = await this.aliases.resolve(`npm:${name}`, requested, async (purgedAt): Promise<AliasResolution> => {
      const doc = await this.documents.npm(name, null, purgedAt);
      const resolved = resolveNpmVersion(doc.value, requested);
      if (!resolved) throw PackageError.versionNotFound(requested);
      return { version: resolved.version, kind: resolved.kind, stale: doc.stale };
    });
    return { type: 'npm', name, requested, version: answer.version, kind: answer.kind as VersionKind, stale: answer.stale };
  }

  async gh(repo: string, requested: string): Promise<ResolvedVersion> {
    if (COMMIT_RE.test(requested)) return { type: 'gh', name: repo, requested, version: requested.toLowerCase(), kind: 'commit', stale: false };
    const answer = await this.aliases.resolve(`gh:${repo}`, requested, async (purgedAt): Promise<AliasResolution> => {
      const doc = await this.documents.repo(repo, purgedAt);
      const resolved = resolveGitHubRef(doc.value, requested);
      if (resolved.found) return { version: resolved.version, kind: resolved.kind, stale: doc.stale };
      // A branch: it must exist (its head answers 404 otherwise).
      const head = await this.branchHead(repo, resolved.branch);
      return { version: resolved.branch, kind: 'branch', stale: doc.stale || head.stale };
    });
    return { type: 'gh', name: repo, requested, version: answer.version, kind: answer.kind as VersionKind, stale: answer.stale };
  }

  /** The commit a GitHub version (tag version, tag name, branch or commit) stands for. */
  async commitOf(repo: string, version: string): Promise<string> {
    if (COMMIT_RE.test(version)) return version.toLowerCase();
    const doc = await this.documents.repo(repo);
    const tag = findTag(doc.value, version);
    if (tag) return tag.sha;
    return (await this.branchHead(repo, version)).version;
  }

  /** A branch's head commit, as the fleet answers it while the answer lives (a branch moves). */
  private branchHead(repo: string, branch: string): Promise<AliasResolution> {
    return this.aliases.resolve(`gh:${repo}`, `#${branch}`, async (purgedAt) => {
      const head = await this.documents.branchHead(repo, branch, purgedAt);
      return { version: head.value.sha, kind: 'commit', stale: head.stale };
    });
  }
}
