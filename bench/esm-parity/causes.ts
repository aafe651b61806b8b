/**
 * What the export parity benchmark compares, and how it names a failure's cause: the names Node gives for a
 * package, and a short cause for a browser import that failed (or a package Node cannot load), taken from
 * the error and the failed responses so that failures of one kind are counted together.
 */

export interface NodeOutcome {
  /** Names of Node's `import()` namespace. */
  imported?: string[];
  /** Keys of what Node's `require()` returns. */
  required?: string[];
  importError?: string;
  requireError?: string;
  /** The package is named like a Node built-in, so it was loaded by its folder (Node's require() of the name gives the built-in). */
  builtinShadowed?: boolean;
  /** The file the package names for browsers as its main entry (`browser` condition or field), when it names one. */
  browserFile?: string;
  /** The names Node gives for that file (keys of its require(), or its import() when it is an ES module). */
  browserNames?: string[];
  /** Why Node could not load that file (it reads `window`, `self`, ...). */
  browserError?: string;
}

export interface BrowserOutcome {
  names?: string[];
  error?: string;
  /** Responses with a 4xx or 5xx status during the import ("404 http://..."). */
  failedResponses: string[];
  /** The built code around the place the error was thrown (minified: property names are kept). */
  thrownAt?: string;
  /** For a missing named export: whether the module's package gives Node another file (a `node` export condition). */
  nodeConditionOf?: string;
}

/** Strings a module can export by (ES2022 string export names): well-formed Unicode. */
const WELL_FORMED = /^(?:[^\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])+$/;
/** Names that describe the module rather than the package. */
const LEFT_OUT = new Set(['default', '__esModule', 'module.exports']);

/**
 * The names Node gives through import() or require() that a module can export, sorted: every one, those that
 * are no identifier too (mime-db's `application/json`, exported as string names since ES2022).
 */
export function exportNames(node: NodeOutcome): string[] {
  const names = new Set<string>();
  for (const name of [...(node.imported ?? []), ...(node.required ?? [])]) if (WELL_FORMED.test(name) && !LEFT_OUT.has(name)) names.add(name);
  return [...names].sort();
}

/** The build failure's reason in the module that reports it, without package names and paths. */
function normalise(text: string): string {
  return text
    .replace(/https?:\/\/[^\s"')]+/g, '<url>')
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\b[\w@./+-]+@\d[\w.+-]*/g, '<pkg>')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 140);
}

/**
 * Failures that say the package needs Node itself, whatever a CDN gives it: the facts are the error, the
 * built code where it was thrown, and the package of a missing name.
 */
function nodeOnlyCause(browser: BrowserOutcome): string | null {
  const error = browser.error ?? '';
  if (/Unable to determine current node version/.test(error) || /\bversions\.node\b/.test(browser.thrownAt ?? ''))
    return "reads Node's version (process.versions.node) while loading";
  // semver given the empty process.version a browser has (make-dir's `semverGte(process.version, '10.12.0')`).
  if (/Invalid Version: $/.test(error)) return "reads Node's version (process.version) while loading";
  if (/needs the file system path of its files/.test(error)) return 'needs the file system path of its own module (fileURLToPath(import.meta.url))';
  // CommonJS's free __dirname and __filename: a browser module has a web address, not a folder.
  if (/ReferenceError: __(dirname|filename) is not defined/.test(error)) return 'needs the file system path of its own module (__dirname)';
  if (/supported by the native|native (addon|binding|module)/i.test(error)) return 'loads a native binary of its own';
  if (browser.nodeConditionOf && /does not provide an export named/.test(error))
    return `imports a name its dependency ${browser.nodeConditionOf} gives only to Node (its \`node\` export condition)`;
  return null;
}

export function causeOf(node: NodeOutcome, browser: BrowserOutcome | null): string | null {
  if (!browser) {
    const why = node.importError ?? node.requireError ?? '';
    if (/npm install failed/.test(why)) return `npm install failed`;
    if (/Cannot find package|Cannot find module|ERR_PACKAGE_PATH_NOT_EXPORTED|No "exports" main/.test(why)) return 'no entry Node can load (types only or CLI)';
    return `Node: ${normalise(why)}`;
  }
  if (browser.names) return null;
  const error = browser.error ?? '';
  const nodeOnly = nodeOnlyCause(browser);
  if (nodeOnly) return `Node-only by nature: ${nodeOnly}`;
  const status = browser.failedResponses.map((line) => line.split(' ')[0] ?? '');
  // A module that failed to load fails the import with a fetch error; a 404 of an optional package the import
  // went on without (esbuild's pnpapi, required inside try) is not the cause.
  const fetchFailed = /Failed to fetch|error loading dynamically imported module|Importing a module script failed/i.test(error);
  if (status.includes('429')) return 'HTTP 429 (build budget)';
  if (status.includes('404') && fetchFailed)
    return `HTTP 404: ${browser.failedResponses.find((line) => line.startsWith('404'))?.replace(/^404 \S*\/npm\//, '') ?? ''}`.slice(0, 140);
  if (status.includes('403')) return 'HTTP 403 (size limit)';
  if (status.some((code) => code.startsWith('5'))) return `HTTP ${status.find((code) => code.startsWith('5'))}`;
  const built = /could not be built as an ES module: ([^\n]*)/.exec(error);
  if (built) return `build failed: ${normalise(built[1]!)}`;
  if (/is not available in browsers/.test(error)) return `Node built-in used at load: ${/module "([^"]+)"/.exec(error)?.[1] ?? '?'}`;
  if (/does not provide an export named/.test(error)) return 'a dependency lacks a named export';
  if (/took longer than/.test(error)) return 'import timed out';
  return `run time: ${normalise(error)}`;
}

/**
 * Whether the names a build lacks are the package's own choice: its browser version (the file its `browser`
 * condition or field names, which the build is made from) does not have them either, or cannot be loaded
 * outside a browser at all. Such names are not bindings a CDN should make up, so they are reported apart.
 */
export function missingByOwnBrowserVersion(node: NodeOutcome, missing: readonly string[]): boolean {
  if (node.browserFile === undefined || missing.length === 0) return false;
  if (node.browserNames === undefined) return node.browserError !== undefined;
  const browserNames = new Set(node.browserNames);
  return missing.every((name) => !browserNames.has(name));
}
