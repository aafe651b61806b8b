/**
 * One version per package where the declared ranges allow it. Each build imports its dependencies at the
 * version its own range resolved to, so two packages of a set can import two copies of a third (react 18.2.0
 * asked for, react-dom's range resolving to 18.3.1). For each package the version kept is the one the user
 * asked for, else the highest imported; an import of another version is redirected to it when the importing
 * package's declared range accepts it: for every importer at once in `imports` (keyed by the URL), only for
 * the accepting importers in `scopes` when others need their own version. Versions no range can share stay
 * apart, at their own exact URLs.
 */
import semver from 'semver';
import type { ModuleNode } from './moduleGraph.ts';

export interface ModulePath {
  name: string;
  version: string;
  /** '' or `/client` */
  subpath: string;
  /** What follows: `/+esm` (the convenient URL) or `/+esm/b1` (a pinned one), and the build options (`?dev`). */
  build: string;
}

export function parseModulePath(path: string): ModulePath | null {
  const match = /^\/npm\/((?:@[^/@]+\/)?[^/@]+)@([^/?]+)(\/[^?]*?)?(\/\+esm(?:\/b\d+)?(?:\?.*)?)$/.exec(path);
  return match ? { name: match[1]!, version: match[2]!, subpath: match[3] ?? '', build: match[4]! } : null;
}

export function modulePath({ name, version, subpath, build }: ModulePath): string {
  return `/npm/${name}@${version}${subpath}${build}`;
}

/** The folder of a package version's builds: the scope an importer's redirects apply to. */
export function packagePrefix(path: string): string | null {
  const parsed = parseModulePath(path);
  return parsed ? `/npm/${parsed.name}@${parsed.version}/` : null;
}

/** The range a manifest declares for a dependency (dependencies, then peer, then dev), or null. */
export function declaredRange(manifest: Record<string, unknown> | null, name: string): string | null {
  for (const field of ['dependencies', 'peerDependencies', 'devDependencies']) {
    const declared = (manifest?.[field] as Record<string, unknown> | undefined)?.[name];
    if (typeof declared !== 'string') continue;
    const alias = /^npm:(?:@[^/@]+\/)?[^/@]+(?:@(.*))?$/.exec(declared);
    return alias ? (alias[1] ?? '*') : declared;
  }
  return null;
}

export interface Redirects {
  /** Redirects for every importer: dependency path to the path kept. */
  global: Map<string, string>;
  /** Per importer package prefix: dependency path to the path kept. */
  scoped: Map<string, Map<string, string>>;
}

export type ManifestOf = (name: string, version: string) => Promise<Record<string, unknown> | null>;

/** The redirects that bring the graph's copies of a package down to one where ranges allow. */
export async function unifyVersions(graph: Map<string, ModuleNode>, asked: ReadonlyMap<string, string>, manifestOf: ManifestOf): Promise<Redirects> {
  const seen = new Map<string, string[]>();
  for (const path of graph.keys()) {
    const parsed = parseModulePath(path);
    if (parsed) seen.set(parsed.name, [...(seen.get(parsed.name) ?? []), parsed.version]);
  }
  const kept = new Map<string, string>();
  for (const [name, versions] of seen) {
    const sorted = versions.filter((v) => semver.valid(v)).sort(semver.rcompare);
    kept.set(name, asked.get(name) ?? sorted[0] ?? versions[0]!);
  }
  // Who imports each path that is not at its package's kept version.
  const importers = new Map<string, string[]>();
  for (const node of graph.values()) {
    for (const dep of [...node.staticImports, ...node.dynamicImports]) {
      const parsed = parseModulePath(dep);
      if (!parsed || kept.get(parsed.name) === parsed.version) continue;
      importers.set(dep, [...(importers.get(dep) ?? []), node.path]);
    }
  }
  const redirects: Redirects = { global: new Map(), scoped: new Map() };
  for (const [dep, from] of importers) {
    const parsed = parseModulePath(dep)!;
    const target = modulePath({ ...parsed, version: kept.get(parsed.name)! });
    const accepting: string[] = [];
    for (const importer of from) {
      const owner = parseModulePath(importer);
      // A package's own other files are of its own version: never redirected.
      if (!owner || owner.name === parsed.name) continue;
      const range = declaredRange(await manifestOf(owner.name, owner.version), parsed.name);
      if (range !== null && semver.validRange(range) && semver.satisfies(kept.get(parsed.name)!, range, { includePrerelease: true })) accepting.push(importer);
    }
    if (accepting.length === from.length) {
      redirects.global.set(dep, target);
      continue;
    }
    for (const importer of accepting) {
      const prefix = packagePrefix(importer)!;
      const scope = redirects.scoped.get(prefix) ?? new Map<string, string>();
      scope.set(dep, target);
      redirects.scoped.set(prefix, scope);
    }
  }
  return redirects;
}

/** Where an import of `dep` by `importer` lands once redirected. */
export function redirected(redirects: Redirects, importer: string, dep: string): string {
  const prefix = packagePrefix(importer);
  return (prefix ? redirects.scoped.get(prefix)?.get(dep) : undefined) ?? redirects.global.get(dep) ?? dep;
}
