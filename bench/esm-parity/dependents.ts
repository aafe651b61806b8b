/**
 * The catalog's most depended-on packages, as the benchmark measures them without asking the registry for
 * anything more: the reference installs of the packages already tried (each in a folder of its own, every
 * package they pull in laid out by npm) are read, and each package is counted once for every other package in
 * those trees that declares it (`dependencies`, `peerDependencies`, `optionalDependencies`). The catalog
 * counts downloads only; this counts how many of the packages people install need a package.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Every package.json of a node_modules tree, nested ones included. */
function* manifests(modules: string): Generator<Record<string, unknown>> {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(modules, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const folders = entry.name.startsWith('@')
      ? fs
          .readdirSync(path.join(modules, entry.name), { withFileTypes: true })
          .filter((e) => e.isDirectory())
          .map((e) => path.join(modules, entry.name, e.name))
      : [path.join(modules, entry.name)];
    for (const folder of folders) {
      try {
        yield JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as Record<string, unknown>;
      } catch {
        // A folder without a readable manifest is no package.
      }
      yield* manifests(path.join(folder, 'node_modules'));
    }
  }
}

const DECLARING = ['dependencies', 'peerDependencies', 'optionalDependencies'] as const;

/**
 * How many distinct packages of the installed trees under `installDir` (one folder per package tried, each with
 * its node_modules) declare each package, most depended-on first.
 */
export function dependentCounts(installDir: string): Map<string, number> {
  const dependents = new Map<string, Set<string>>();
  let folders: string[];
  try {
    folders = fs.readdirSync(installDir);
  } catch {
    return new Map();
  }
  for (const folder of folders) {
    for (const manifest of manifests(path.join(installDir, folder, 'node_modules'))) {
      const name = typeof manifest['name'] === 'string' ? manifest['name'] : null;
      if (!name) continue;
      for (const field of DECLARING) {
        const declared = manifest[field];
        if (!declared || typeof declared !== 'object') continue;
        for (const dependency of Object.keys(declared)) {
          let set = dependents.get(dependency);
          if (!set) dependents.set(dependency, (set = new Set()));
          set.add(name);
        }
      }
    }
  }
  return new Map([...dependents].map(([name, set]) => [name, set.size] as const).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)));
}
