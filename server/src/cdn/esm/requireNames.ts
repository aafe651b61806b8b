/**
 * Names Node's `require()` gives for a package whose `exports` send `import` to an ES module and `require` to a
 * CommonJS file, when that file names properties the ES module has only on its default export: yargs-parser's
 * `import` file exports a function as `default` with `detailed`, `camelCase`, ... attached to it, while its
 * `require` file is `module.exports = thatFunction`, whose keys Node lists. The build of the ES module then
 * also exports those names, read from its default export when the module loads, so a page importing
 * `{ camelCase }` gets what `require('yargs-parser').camelCase` gives. Only names of the `require` file (lexer
 * and sandbox, as for any CommonJS entry), and only when the ES module has a default export to read them from.
 */
import fs from 'node:fs/promises';
import type { StoredFile } from '../../packages/types.ts';
import { cjsExports, type CjsSourceReader } from './cjsExports.ts';
import { exportsTarget, joinPackagePath, probeFile } from './entry.ts';
import { browserMap } from './packagePlugin.ts';
import { requireEntry } from './sandbox/sandboxFiles.ts';
import { withRuntimeExports, type SandboxDependencies } from './sandbox/runtimeExports.ts';

export interface RequireNamesRequest {
  name: string;
  manifest: Record<string, unknown>;
  files: ReadonlyMap<string, StoredFile>;
  /** The ES module file built, and the names its build exports. */
  entry: string;
  exports: readonly string[];
  /** The build's browser conditions, to tell whether `entry` is the package's main entry for an import. */
  conditions: ReadonlySet<string>;
  reader: CjsSourceReader;
  dependencies?: SandboxDependencies;
}

/** The names to add (sorted), or [] when there are none or the entry is not the main entry of such a package. */
export async function requireOnlyNames(request: RequireNamesRequest): Promise<string[]> {
  if (!request.exports.includes('default')) return [];
  const has = { has: (p: string) => request.files.has(p) };
  const imported = exportsTarget(request.manifest['exports'], '.', request.conditions);
  const importFile = imported ? probeFile(has, joinPackagePath('/', imported) ?? '') : null;
  if (importFile !== request.entry) return [];
  const required = requireEntry(request.manifest, has, '');
  const stored = required && required !== request.entry ? request.files.get(required) : undefined;
  if (!required || !stored) return [];
  const found = await withRuntimeExports(await cjsExports(required, await fs.readFile(stored.diskPath, 'utf8'), request.reader), {
    name: request.name,
    manifest: request.manifest,
    entry: required,
    files: request.files,
    replacements: browserMap(request.manifest, has),
    dependencies: request.dependencies,
  });
  const own = new Set(request.exports);
  return found.names.filter((name) => !own.has(name));
}

/** The wrapper entry: everything of the ES module, and the names read from its default export. */
export function defaultPropertiesWrapper(entry: string, names: readonly string[]): string {
  const target = JSON.stringify(entry);
  return [
    `export * from ${target};`,
    `export { default } from ${target};`,
    `import $$default from ${target};`,
    `export const { ${names.join(', ')} } = $$default ?? {};`,
  ].join('\n');
}
