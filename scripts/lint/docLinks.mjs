// The documentation's references: a README or a page of docs/ that names a file the code no longer has sends
// the next reader nowhere. Every Markdown link to a file of the repository must resolve (relative to the
// page, as a reader's viewer resolves it), every path written as code that starts at the repository's root
// (`server/src/...`) must exist, and each step of docs/flows.md names a function its linked file defines (not
// one it only calls: the reader opens that file to read the function).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { repositoryFiles } from './fileLength.mjs';

/** The pages checked: every README and every page of docs/, ours only (not the fixtures' published packages). */
export function documentationFiles(files) {
  return files.filter((file) => /(?:^|\/)README\.md$|^docs\/.+\.md$/.test(file) && !/(?:^|\/)(?:fixtures|node_modules)\//.test(file));
}

const LINK = /\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
const CODE = /`([^`\n]+)`/g;
/** The top-level folders a root-relative path in code starts with. */
const ROOTS = /^(?:server|shell|shared|mf-[a-z]+|e2e|bench|scripts|webpack|docs)\//;
/** Written as a pattern or a placeholder, not a file: `{dataDir}/...`, `mf-*` folders, `server/src/<service>/`. */
const PATTERN = /[{}<>*|$]|\.\.\.|\s/;
/** A build's output (`shell/dist/`): a fresh clone has none until the website is built, which runs beside the lint stage. */
const BUILD_OUTPUT = /^(?:shell|mf-[a-z]+)\/dist(?:\/|$)/;

/** Markdown link targets that point into the repository (not a web address, not an anchor on the same page). */
export function linkTargets(text) {
  const targets = [];
  for (const [, target] of text.matchAll(LINK)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
    targets.push(target.split('#', 1)[0]);
  }
  return targets;
}

/** Paths written as code that start at the repository's root, as a reader would look them up. */
export function rootPaths(text) {
  const paths = [];
  for (const [, code] of text.matchAll(CODE)) {
    if (!ROOTS.test(code) || PATTERN.test(code) || BUILD_OUTPUT.test(code)) continue;
    // `server/src/main.ts:12` or a path followed by its arguments: the file is what comes first.
    paths.push(code.replace(/:\d+$/, ''));
  }
  return paths;
}

/** The steps of a flows table: `| n | [file](link) | `function` | ... |`. */
export function flowSteps(text) {
  const steps = [];
  for (const line of text.split('\n')) {
    const match = /^\|\s*\d+\s*\|\s*\[[^\]]*\]\(([^)]+)\)\s*\|\s*`([^`]+)`\s*\|/.exec(line);
    if (match) steps.push({ target: match[1], name: match[2] });
  }
  return steps;
}

/**
 * The names `source` (the text of `file`) defines, at any depth: functions, classes, variables, interfaces,
 * types and enums by their name; the members of a class, an interface or an object literal given to a variable
 * as `Owner.member`; and the methods of any object literal (a store's `expire`) by their name. A name the file
 * only imports or calls is not among them.
 */
export function definedNames(source, file) {
  const kind = /\.[cm]?[jt]sx$/.test(file) ? ts.ScriptKind.TSX : /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const names = new Set();
  const nameOf = (node) =>
    node.name && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name) || ts.isPrivateIdentifier(node.name)) ? node.name.text : null;
  const addMembers = (owner, members) => {
    for (const member of members) if (nameOf(member)) names.add(`${owner}.${nameOf(member)}`);
  };
  const unwrap = (node) =>
    node && (ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node)) ? unwrap(node.expression) : node;
  const visit = (node) => {
    const declared =
      ts.isFunctionDeclaration(node) ||
      ts.isClassDeclaration(node) ||
      ts.isInterfaceDeclaration(node) ||
      ts.isTypeAliasDeclaration(node) ||
      ts.isEnumDeclaration(node);
    if (declared && nameOf(node)) {
      names.add(nameOf(node));
      if (ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node)) addMembers(nameOf(node), node.members);
    }
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
      names.add(node.name.text);
      const value = unwrap(node.initializer);
      if (value && ts.isObjectLiteralExpression(value)) addMembers(node.name.text, value.properties);
      if (value && ts.isClassExpression(value)) addMembers(node.name.text, value.members);
    }
    if (ts.isMethodDeclaration(node) && ts.isObjectLiteralExpression(node.parent) && nameOf(node)) names.add(nameOf(node));
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return names;
}

/** What is wrong with one page (`file`, from the repository's root); `exists` answers for a path from the root. */
export function pageProblems(file, text, exists, read) {
  const problems = [];
  const dir = path.posix.dirname(file);
  for (const target of linkTargets(text)) {
    if (target === '') continue;
    const resolved = path.posix.normalize(path.posix.join(dir, decodeURIComponent(target)));
    if (resolved.startsWith('..') || !exists(resolved)) problems.push(`${file}: the link to ${target} leads to no file`);
  }
  for (const written of rootPaths(text)) {
    if (!exists(written.replace(/\/$/, ''))) problems.push(`${file}: \`${written}\` names no file of the repository`);
  }
  for (const { target, name } of flowSteps(text)) {
    const resolved = path.posix.normalize(path.posix.join(dir, target));
    if (!exists(resolved)) continue; // reported above
    if (!definedNames(read(resolved), resolved).has(name)) problems.push(`${file}: ${resolved} does not define \`${name}\``);
  }
  return problems;
}

/** Every problem of every documentation page of the repository at `root`. */
export function documentationProblems(root) {
  const exists = (relative) => existsSync(path.join(root, relative));
  const read = (relative) => readFileSync(path.join(root, relative), 'utf8');
  return documentationFiles(repositoryFiles(root))
    .filter(exists)
    .flatMap((file) => pageProblems(file, read(file), exists, read));
}
