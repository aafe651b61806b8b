// The shared library's entry points (shared/package.json `exports`) as the site loads them: each is a
// module-federation singleton of its own, bundled with every module it reaches by relative imports. Two rules
// follow, which ESLint cannot see:
// - a module belongs to one entry: reached relatively from two, it is bundled twice, and a store in it (the
//   periods, the collection, the runtime configuration) would be two stores, one of them never filled; another
//   entry imports it by that entry's name;
// - an entry the server reads (SERVER_READS_FROM_SHARED) needs, at run time, nothing but its own modules and
//   other such entries: no React, no browser library, no stylesheet.
// Imports of types only are erased by the compiler and do not count.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SHARED_NAME = '@skylift/shared';
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** Whether an import or export declaration is erased by the compiler: `import type`, or every name it lists marked `type`. */
function typeOnly(node) {
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (!clause) return false; // `import './x.css'`
    if (clause.isTypeOnly) return true;
    const bindings = clause.namedBindings;
    return (
      !clause.name && bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly)
    );
  }
  return (
    node.isTypeOnly ||
    (node.exportClause !== undefined &&
      ts.isNamedExports(node.exportClause) &&
      node.exportClause.elements.length > 0 &&
      node.exportClause.elements.every((e) => e.isTypeOnly))
  );
}

/** What a module's source imports at run time (declarations and dynamic imports), each specifier once. */
export function runtimeImports(text, fileName = 'module.tsx') {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = new Set();
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!typeOnly(node)) found.add(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.add(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...found];
}

function resolveRelative(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && !candidate.endsWith(path.sep) && (extension !== '' || path.extname(candidate) !== '')) return candidate;
  }
  throw new Error(`${fromFile}: cannot resolve ${specifier}`);
}

/**
 * Every module an entry bundles (its file and what it reaches by relative imports), and the package imports
 * on the way, each with the module that makes it.
 */
export function entryClosure(entryFile, read = (file) => readFileSync(file, 'utf8')) {
  const modules = new Set();
  const packages = [];
  const pending = [entryFile];
  while (pending.length) {
    const file = pending.pop();
    if (modules.has(file)) continue;
    modules.add(file);
    if (!/\.[cm]?[jt]sx?$/.test(file)) continue; // a stylesheet or JSON imports nothing
    for (const specifier of runtimeImports(read(file), file)) {
      if (specifier.startsWith('.')) pending.push(resolveRelative(file, specifier));
      else packages.push({ specifier, by: file });
    }
  }
  return { modules, packages };
}

/**
 * The problems of the library in `sharedDir` (its package.json's `exports`): a module two entries bundle, and
 * a run-time import of an entry the server reads that is not another such entry (`serverEntries`, by name).
 */
export function sharedEntryProblems(sharedDir, serverEntries, read) {
  const { exports } = JSON.parse((read ?? ((file) => readFileSync(file, 'utf8')))(path.join(sharedDir, 'package.json')));
  const relative = (file) => path.relative(sharedDir, file);
  const closures = Object.entries(exports)
    // The tests' entry runs in jest only, where every module is loaded once whatever the path.
    .filter(([entry]) => entry !== './testing')
    .map(([entry, file]) => ({ name: path.posix.join(SHARED_NAME, entry), ...entryClosure(path.join(sharedDir, file), read) }));
  const problems = [];
  const owner = new Map();
  for (const { name, modules } of closures) {
    for (const module of modules) {
      const first = owner.get(module);
      if (first) problems.push(`${relative(module)} is bundled into both ${first} and ${name}: import it by the name of the entry it belongs to.`);
      else owner.set(module, name);
    }
  }
  for (const { name, packages } of closures.filter(({ name }) => serverEntries.includes(name))) {
    for (const { specifier, by } of packages) {
      if (!serverEntries.includes(specifier)) {
        problems.push(`${name}, which the server reads, imports ${specifier} (${relative(by)}): the server reads nothing but ${serverEntries.join(', ')}.`);
      }
    }
  }
  return problems;
}
