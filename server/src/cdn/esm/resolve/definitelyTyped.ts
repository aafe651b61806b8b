/**
 * The declarations of a package that ships none of its own: the `@types/{name}` package of the same major
 * version (the highest published, stable preferred), as TypeScript users install it. Scoped names follow
 * the DefinitelyTyped convention (`@scope/pkg` -> `@types/scope__pkg`).
 */
import semver from 'semver';
import { PackageError, type PackageStore } from '../../../packages/types.ts';

/** The `@types` package that would describe `name`, or null for packages that are declarations themselves. */
export function typesPackageName(name: string): string | null {
  if (name.startsWith('@types/')) return null;
  return name.startsWith('@') ? `@types/${name.slice(1).replace('/', '__')}` : `@types/${name}`;
}

/** The declaration files that would describe a subpath ('/jsx-runtime' or '/lib/x.js'), in the order tried. */
function subpathDeclarations(subpath: string): string[] {
  const base = subpath.replace(/\/+$/, '').replace(/\.(c|m)?jsx?$/, '');
  return [`${base}.d.ts`, `${base}/index.d.ts`];
}

/**
 * Root-relative URL of the matching `@types` package's declarations (`/npm/@types/react@18.3.12/index.d.ts`),
 * or null when none is published for that major. Every DefinitelyTyped package has an `index.d.ts` at its root;
 * a subpath (`/jsx-runtime`) is described by the file of the same path when the package has one
 * (`jsx-runtime.d.ts` or `jsx-runtime/index.d.ts`), else null.
 * Undefined when the registry cannot tell now (unreachable): the answer goes without the header this time.
 */
export async function definitelyTypedUrl(store: PackageStore, name: string, version: string, subpath = ''): Promise<string | null | undefined> {
  const typesName = typesPackageName(name);
  const major = semver.parse(version)?.major;
  if (typesName === null || major === undefined) return null;
  try {
    const ref = { type: 'npm' as const, name: typesName };
    const resolved = await store.resolve(ref, `${major}.x`);
    if (!subpath) return `/npm/${typesName}@${resolved.version}/index.d.ts`;
    const listing = await store.listing(ref, resolved.version);
    const paths = new Set(listing.files.map((f) => f.path));
    const file = subpathDeclarations(subpath).find((p) => paths.has(p));
    return file ? `/npm/${typesName}@${resolved.version}${file}` : null;
  } catch (error) {
    if (!(error instanceof PackageError)) throw error;
    return error.status === 404 ? null : undefined;
  }
}
