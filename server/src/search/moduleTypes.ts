/**
 * Which module systems and style languages a package version ships, read from its package.json fields
 * (`type`, `module`, `exports`, `main`, `style`) and, when known, its file list.
 */
import type { ModuleType, StyleType } from './record.ts';

export interface ManifestFields {
  type?: unknown;
  module?: unknown;
  main?: unknown;
  exports?: unknown;
  style?: unknown;
  browser?: unknown;
}

const SCRIPT_FILE = /\.(?:m?js|cjs)$/i;

function scriptTypeOf(file: string, packageIsModule: boolean): ModuleType | null {
  const lower = file.toLowerCase();
  if (lower.endsWith('.mjs')) return 'esm';
  if (lower.endsWith('.cjs')) return 'cjs';
  if (lower.endsWith('.js') || !/\.[a-z0-9]+$/.test(lower)) return packageIsModule ? 'esm' : 'cjs';
  return null;
}

/** Walks an `exports` value: conditions `import`/`module` mean ESM, `require` CommonJS, other targets by extension. */
function collectExports(value: unknown, condition: string | null, isModule: boolean, into: Set<ModuleType>, styles: Set<StyleType>): void {
  if (typeof value === 'string') {
    const style = styleTypeOf(value);
    if (style) {
      styles.add(style);
      return;
    }
    if (condition === 'import' || condition === 'module') into.add('esm');
    else if (condition === 'require') into.add('cjs');
    else if (condition === 'types' || condition === 'typings') return;
    else {
      const type = scriptTypeOf(value, isModule);
      if (type) into.add(type);
    }
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) collectExports(item, condition, isModule, into, styles);
    return;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      // Subpath keys ("./feature") keep the outer condition; condition keys replace it.
      collectExports(inner, key.startsWith('.') ? condition : key, isModule, into, styles);
    }
  }
}

export function styleTypeOf(file: string): Exclude<StyleType, 'none'> | null {
  const match = /\.(css|less|scss|sass)$/i.exec(file);
  if (!match) return null;
  const ext = match[1]!.toLowerCase();
  return ext === 'sass' ? 'scss' : (ext as 'css' | 'less' | 'scss');
}

export interface PackageTypes {
  moduleTypes: ModuleType[];
  styleTypes: StyleType[];
}

/**
 * `files`, when given, lists the paths of the version (from its listing): it settles packages without
 * entry fields (Node's default `index.js`) and finds style sheets that no field names.
 */
export function packageTypes(manifest: ManifestFields, files?: readonly string[]): PackageTypes {
  const isModule = manifest.type === 'module';
  const modules = new Set<ModuleType>();
  const styles = new Set<StyleType>();

  if (manifest.type === 'module') modules.add('esm');
  if (typeof manifest.module === 'string' && manifest.module) modules.add('esm');
  if (manifest.exports !== undefined && manifest.exports !== null) collectExports(manifest.exports, null, isModule, modules, styles);
  if (typeof manifest.main === 'string' && manifest.main) {
    const style = styleTypeOf(manifest.main);
    if (style) styles.add(style);
    else {
      const type = scriptTypeOf(manifest.main, isModule);
      if (type) modules.add(type);
    }
  }
  if (typeof manifest.style === 'string') {
    const style = styleTypeOf(manifest.style);
    if (style) styles.add(style);
  }

  if (files) {
    for (const file of files) {
      const style = styleTypeOf(file);
      if (style) styles.add(style);
    }
    if (modules.size === 0) {
      const scripts = files.filter((file) => SCRIPT_FILE.test(file));
      const hasIndex = files.some((file) => file.replace(/^\/+/, '') === 'index.js');
      if (hasIndex) modules.add(isModule ? 'esm' : 'cjs');
      else if (scripts.length === 0) modules.add('none');
    }
  } else if (modules.size === 0 && styles.size > 0 && manifest.main === undefined) {
    // A style-only package (a `style` field, no entry point) ships no module.
    modules.add('none');
  }

  if (modules.size === 0) modules.add('unknown');
  if (styles.size === 0) styles.add('none');
  const moduleOrder: ModuleType[] = ['esm', 'cjs', 'none', 'unknown'];
  const styleOrder: StyleType[] = ['css', 'less', 'scss', 'none'];
  return {
    moduleTypes: moduleOrder.filter((type) => modules.has(type)),
    styleTypes: styleOrder.filter((type) => styles.has(type)),
  };
}
