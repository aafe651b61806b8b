/**
 * Whether the CDN can build a version as an ES module (`+esm`): its package.json names a JavaScript entry the way
 * the module build resolves one. The data API tells the package page, whose install block offers the module
 * build only then.
 */
/** Conditions the CDN's module build honours in `exports`, as its entry resolution does; `types` is not one. */
const BUILD_CONDITIONS: ReadonlySet<string> = new Set(['browser', 'import', 'module', 'default', 'production']);

/** The target a conditional `exports` value selects for the module build: the first of its conditions, in the package's order. */
function conditionTarget(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    for (const item of value) {
      const target = conditionTarget(item);
      if (target) return target;
    }
    return null;
  }
  if (value === null || typeof value !== 'object') return null;
  for (const [key, nested] of Object.entries(value)) {
    if (!BUILD_CONDITIONS.has(key)) continue;
    const target = conditionTarget(nested);
    if (target) return target;
  }
  return null;
}

/** What `exports` gives for the package itself ('.'): a bare string, array or condition object stands for it. */
function rootExport(exportsField: unknown): unknown {
  if (exportsField === null || typeof exportsField !== 'object' || Array.isArray(exportsField)) return exportsField;
  const keys = Object.keys(exportsField);
  if (keys.length > 0 && keys.every((key) => !key.startsWith('.'))) return exportsField;
  return (exportsField as Record<string, unknown>)['.'];
}

/** A path that names JavaScript: a .js, .mjs, .cjs or .jsx file, or a name without extension (a folder or a file the build completes). */
function isJavaScriptPath(path: string): boolean {
  const last = path.replace(/\/+$/, '').split('/').pop() ?? '';
  return /\.(?:m?js|cjs|jsx)$/.test(last) || (last !== '' && !last.includes('.'));
}

/**
 * Whether the CDN can build the package as a module: its package.json names a JavaScript entry the way the
 * module build resolves one (`exports` for the package itself under the browser, import, module, default or
 * production condition, then `module`, `jsnext:main`, `main`). A package of stylesheets or fonts names none,
 * and neither does a package of type declarations only (`types`/`typings`, or `exports` with only a `types`
 * condition, as type-fest has): the build would have nothing to start from.
 */
export function hasJsEntry(manifest: Record<string, unknown> | null): boolean {
  if (!manifest) return false;
  const fromExports = conditionTarget(rootExport(manifest['exports']));
  if (fromExports && isJavaScriptPath(fromExports)) return true;
  return ['module', 'jsnext:main', 'main'].some((field) => {
    const value = manifest[field];
    return typeof value === 'string' && value.trim() !== '' && isJavaScriptPath(value);
  });
}
