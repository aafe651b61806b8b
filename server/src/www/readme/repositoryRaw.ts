/**
 * Where a package's source repository serves its files raw, for readme images the published package left
 * out (a logo under `media/` that only the repository has). Only GitHub repositories are known this way;
 * the raw file host is configured (`SKYLIFT_GITHUB_RAW`), its default being GitHub's own.
 */

/** `owner/repo` and the package's folder inside it, from package.json's `repository`; null when it names no GitHub repository. */
export function githubRepositoryOf(manifest: unknown): { path: string; directory: string } | null {
  if (typeof manifest !== 'object' || manifest === null) return null;
  const field = (manifest as Record<string, unknown>)['repository'];
  const raw = typeof field === 'string' ? field : typeof field === 'object' && field !== null ? (field as Record<string, unknown>)['url'] : undefined;
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  const match =
    /^(?:github:)?([\w.-]+)\/([\w.-]+?)(?:\.git)?$/.exec(text) ??
    /^(?:git\+)?(?:https?|git|ssh):\/\/(?:[^@/]+@)?github\.com[/:]([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?(?:[#?].*)?$/i.exec(text) ??
    /^git@github\.com:([\w.-]+)\/([\w.-]+?)(?:\.git)?$/i.exec(text);
  if (!match) return null;
  const directoryField = typeof field === 'object' && field !== null ? (field as Record<string, unknown>)['directory'] : undefined;
  const directory =
    typeof directoryField === 'string'
      ? directoryField
          .split('/')
          .filter((part) => part !== '' && part !== '.' && part !== '..')
          .join('/')
      : '';
  return { path: `${match[1]}/${match[2]}`, directory };
}

/** The base the repository's raw files are under: `{rawUrl}/{owner}/{repo}/HEAD[/{directory}]`. */
export function repositoryRawBase(rawUrl: string, repository: { path: string; directory: string }): string {
  return `${rawUrl.replace(/\/+$/, '')}/${repository.path}/HEAD${repository.directory ? `/${repository.directory}` : ''}`;
}
