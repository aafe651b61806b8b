/**
 * `require(`./${platform}.js`)` and `import(`./locale/${name}.js`)`: a path written as a template with a fixed
 * relative start. esbuild bundles such a call as a glob over the folder it reads from the disk, which for a
 * package served from memory is no folder of the package: it would take the files of whatever folder it was
 * given, the server's own included. So every package module is loaded with an empty folder as its own
 * (`EMPTY_RESOLVE_DIR`), and the template is expanded here instead, over the version's own files: the call
 * becomes a lookup in a table of the files it can name, each required (or imported) by its literal path, which
 * the package plugin resolves like any other. A path the table lacks throws as Node's `require` does.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A folder with nothing in it, for esbuild to read a package module's globs from (with no folder there at all,
 * esbuild fails the build of a module whose `require('./' + name)` an empty folder leaves to fail when run). One
 * per user of the machine, shared by every process and build thread: one made by each at its start was never
 * removed, and thousands piled up. It is used only if it is this user's own, closed to others, and empty.
 */
function emptyFolder(): string {
  const uid = process.getuid?.() ?? 0;
  const shared = path.join(os.tmpdir(), `skylift-esm-no-files-${uid}`);
  try {
    fs.mkdirSync(shared, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stat = fs.lstatSync(shared);
  const usable = stat.isDirectory() && stat.uid === uid && (stat.mode & 0o077) === 0 && fs.readdirSync(shared).length === 0;
  return usable ? shared : fs.mkdtempSync(path.join(os.tmpdir(), 'skylift-esm-no-files-'));
}

export const EMPTY_RESOLVE_DIR = emptyFolder();

/** More files than this and the call is left to fail when run: a table of thousands would outweigh the module. */
const MAX_FILES = 200;

const HELPER = '__skyliftTemplatePath';

/** `require(` or `import(` then a template whose text up to its first `${` starts with `./` or `../`, without nested backquotes. */
const CALL = /\b(require|import)\(\s*`(\.{1,2}\/[^`$]*(?:\$\{[^`}]*\}[^`$]*)+)`\s*\)/g;

/** The pattern a template's paths match: its fixed parts, anything (one or more characters) for each `${...}`. */
function patternOf(template: string): RegExp {
  const parts = template.split(/\$\{[^}]*\}/);
  return new RegExp(`^${parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+?')}$`);
}

/** How `importer` names `file` by a relative path (`./x.js`, `../lib/x.js`). */
function relativeName(importer: string, file: string): string {
  const relative = path.posix.relative(path.posix.dirname(importer), file);
  return relative.startsWith('../') ? relative : `./${relative}`;
}

/**
 * `code` (the module at `importer`, a path in the version) with each template path call made a table lookup over
 * `files` (every file of the version); unchanged when it has none. Lines keep their numbers: the helper goes on a
 * line after the last.
 */
export function expandTemplatePaths(code: string, importer: string, files: Iterable<string>): string {
  if (!code.includes('`') || !/\b(?:require|import)\(\s*`\.{1,2}\//.test(code)) return code;
  // How this module names each file of the version, once for all its calls.
  const names = [...files].filter((file) => !file.includes('/node_modules/')).map((file) => relativeName(importer, file));
  let used = false;
  const expanded = code.replace(CALL, (call, kind: string, template: string) => {
    const pattern = patternOf(template);
    const matches = names.filter((name) => pattern.test(name));
    if (matches.length === 0 || matches.length > MAX_FILES) return call;
    used = true;
    const table = matches
      .sort()
      .map((name) => `${JSON.stringify(name)}: () => ${kind}(${JSON.stringify(name)})`)
      .join(', ');
    return `${HELPER}({ ${table} }, \`${template}\`, ${kind === 'import'})`;
  });
  if (!used) return code;
  // A function declaration is hoisted: it may be called above the line that declares it.
  return `${expanded}\n;function ${HELPER}(table, name, dynamic) { var load = Object.prototype.hasOwnProperty.call(table, name) ? table[name] : null; if (load) return load(); var error = new Error("Cannot find module '" + name + "'"); error.code = 'MODULE_NOT_FOUND'; if (dynamic) return Promise.reject(error); throw error; }`;
}
