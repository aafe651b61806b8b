/**
 * A concrete address for every page the built remotes declare (their published mf-pages.json), with
 * parameters that the fixture upstreams really serve where the page loads a package.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseRemotePages, type PageInfo, type RemotePages } from '../../shared/src/federation/pageDeclaration.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
/** The remotes this repository builds: its one list of them. */
export const BUILT_REMOTES = JSON.parse(readFileSync(path.join(root, 'remotes.json'), 'utf8')) as string[];

/** Packages and repositories that the fixture upstreams serve (server/test/fixtures/upstream/). */
const FIXTURE_EXAMPLES: Record<string, string> = {
  '/package/npm/:name': '/package/npm/tiny-lib',
  '/package/npm/:scope/:name': '/package/npm/@skylift-fixtures/scoped',
  '/package/gh/:user/:repo': '/package/gh/skylift-fixtures/tagged',
};

export function builtDeclarations(remotes: string[] = BUILT_REMOTES): RemotePages[] {
  return remotes.map((remote) => parseRemotePages(JSON.parse(readFileSync(path.join(root, remote, 'dist', 'mf-pages.json'), 'utf8'))));
}

export function samplePath(page: PageInfo): string {
  return FIXTURE_EXAMPLES[page.path] ?? page.example ?? page.path;
}

export const SAMPLE_PAGES: Array<{ remote: string; page: PageInfo; path: string }> = builtDeclarations().flatMap(({ remote, pages }) =>
  pages.map((page) => ({ remote, page, path: samplePath(page) })),
);
