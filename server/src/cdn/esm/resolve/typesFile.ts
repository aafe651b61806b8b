/**
 * The TypeScript declarations of a module build, for the `X-TypeScript-Types` header: the `types` condition
 * of `exports`, the `types`/`typings` field (for the package's entry), or a `.d.ts` beside the built file
 * (`index.d.ts` at the root for packages without any field).
 */
import { joinPackagePath, type PackageFiles } from './entry.ts';

function typesCondition(value: unknown): string | null {
  if (typeof value === 'string') return value.endsWith('.d.ts') || value.endsWith('.d.mts') ? value : null;
  if (!value || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = typesCondition(item);
      if (found) return found;
    }
    return null;
  }
  const record = value as Record<string, unknown>;
  if (typeof record['types'] === 'string') return record['types'];
  for (const key of ['browser', 'import', 'module', 'default']) {
    const found = typesCondition(record[key]);
    if (found) return found;
  }
  return null;
}

function exportsEntryValue(exportsField: unknown, subpath: string): unknown {
  if (!exportsField || typeof exportsField !== 'object' || Array.isArray(exportsField)) return subpath === '.' ? exportsField : undefined;
  const record = exportsField as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.every((k) => !k.startsWith('.'))) return subpath === '.' ? exportsField : undefined;
  return record[subpath];
}

export function typesFileFor(manifest: Record<string, unknown>, files: PackageFiles, subpath: string, entry: string): string | null {
  const existing = (candidate: string | null | undefined): string | null => {
    if (!candidate) return null;
    const normalised = joinPackagePath('/', candidate);
    return normalised && files.has(normalised) ? normalised : null;
  };
  const fromExports = typesCondition(exportsEntryValue(manifest['exports'], subpath ? `.${subpath}` : '.'));
  const found = existing(fromExports);
  if (found) return found;
  if (!subpath) {
    for (const name of ['types', 'typings']) {
      const value = manifest[name];
      const file = existing(typeof value === 'string' ? value : null);
      if (file) return file;
    }
  }
  const sibling = existing(entry.replace(/\.(c|m)?jsx?$/, '') + (entry.endsWith('.mjs') ? '.d.mts' : entry.endsWith('.cjs') ? '.d.cts' : '.d.ts'));
  if (sibling) return sibling;
  return subpath ? null : existing('/index.d.ts');
}
