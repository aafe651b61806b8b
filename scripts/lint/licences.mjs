// The licence check of the lint stage: every package a production install of any workspace brings
// (package-lock.json's entries not marked dev-only, the workspaces themselves included) must carry a licence
// we know to be permissive. A copyleft licence (GPL, AGPL, LGPL, SSPL, EUPL, MPL, ...) binds whoever runs a
// public deployment, and an unknown or missing one grants nothing, so either fails, naming the package, unless
// licence-exceptions.json lists the package with that licence and the reason it was accepted. Offline: it
// reads the lock and, where the lock has no licence, the installed package.json. `npm run lint` runs it.
// A package that states no licence but ships one is listed with the licence "(none stated)" and the reason.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** How licence-exceptions.json names the licence of a package that states none. */
export const NO_LICENCE = '(none stated)';

/** SPDX identifiers that ask no more than notice and attribution. */
export const PERMISSIVE = new Set([
  '0BSD',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'BSL-1.0',
  'CC-BY-3.0',
  'CC-BY-4.0',
  'CC0-1.0',
  'ISC',
  'MIT',
  'MIT-0',
  'Python-2.0',
  'Unlicense',
  'Zlib',
]);

/** Copyleft families, by identifier prefix: reported as such rather than as merely unknown. */
const COPYLEFT = /^(AGPL|GPL|LGPL|SSPL|EUPL|MPL|EPL|CDDL|OSL|CPAL|RPL|CECILL|CC-BY-SA|ODbL)\b/i;

/**
 * Evaluates an SPDX expression (`MIT`, `(MIT OR GPL-3.0)`, `Apache-2.0 AND MIT`, `GPL-2.0 WITH Classpath-exception-2.0`)
 * with `accepts(id)`: OR needs one side, AND both. Returns null when the text is no expression.
 */
export function acceptsExpression(expression, accepts) {
  const tokens = expression.match(/\(|\)|[^\s()]+/g) ?? [];
  let at = 0;
  const next = () => tokens[at++];
  const peek = () => tokens[at];
  function primary() {
    const token = next();
    if (token === undefined || token === ')' || /^(AND|OR|WITH)$/i.test(token)) throw new Error('not an expression');
    if (token === '(') {
      const value = or();
      if (next() !== ')') throw new Error('not an expression');
      return value;
    }
    // An exception widens what a licence allows but leaves it the licence it is.
    if (peek()?.toUpperCase() === 'WITH') {
      next();
      if (next() === undefined) throw new Error('not an expression');
    }
    return accepts(token.replace(/\+$/, ''));
  }
  function and() {
    let value = primary();
    while (peek()?.toUpperCase() === 'AND') {
      next();
      value = primary() && value;
    }
    return value;
  }
  function or() {
    let value = and();
    while (peek()?.toUpperCase() === 'OR') {
      next();
      value = and() || value;
    }
    return value;
  }
  try {
    const value = or();
    return at === tokens.length && tokens.length > 0 ? value : null;
  } catch {
    return null;
  }
}

/** The licence a package.json or lock entry states, as one SPDX expression, or null. */
export function licenceOf(manifest) {
  const { license, licenses } = manifest ?? {};
  if (typeof license === 'string' && license.trim()) return license.trim();
  if (license && typeof license.type === 'string') return license.type;
  // The old array form lists licences to choose from.
  if (Array.isArray(licenses) && licenses.length) {
    const types = licenses.map((entry) => (typeof entry === 'string' ? entry : entry?.type)).filter((type) => typeof type === 'string');
    if (types.length) return types.length === 1 ? types[0] : `(${types.join(' OR ')})`;
  }
  return null;
}

/** 'permissive', 'copyleft' or 'unknown': what a licence expression lets us do. */
export function classify(expression) {
  if (acceptsExpression(expression, (id) => PERMISSIVE.has(id))) return 'permissive';
  if (acceptsExpression(expression, (id) => PERMISSIVE.has(id) || !COPYLEFT.test(id)) === false) return 'copyleft';
  return 'unknown';
}

/** The package name of a lock key (`node_modules/a/node_modules/@s/b` is `@s/b`). */
function nameOf(key, entry) {
  if (entry.name) return entry.name;
  const at = key.lastIndexOf('node_modules/');
  return at === -1 ? key : key.slice(at + 'node_modules/'.length);
}

/**
 * Checks the production tree of the project at `root` against `exceptions` (`[{ package, licence, reason }]`).
 * An exception also covers the optional platform builds its package declares under the same licence.
 * Returns the problems (sentences naming the package and its licence) and what was checked.
 */
export function checkLicences(root, exceptions) {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const entries = Object.entries(lock.packages ?? {});
  const allowed = new Map();
  for (const exception of exceptions) {
    allowed.set(`${exception.package}\n${exception.licence}`, exception);
    const [, entry] = entries.find(([key, e]) => !e.link && key.includes('node_modules/') && nameOf(key, e) === exception.package) ?? [];
    for (const platform of Object.keys(entry?.optionalDependencies ?? {})) allowed.set(`${platform}\n${exception.licence}`, exception);
  }
  const used = new Set();
  const problems = [];
  let checked = 0;
  let notInstalled = 0;
  for (const [key, entry] of entries) {
    // Links point at workspaces, which are checked under their own keys; dev-only packages never reach a deployment.
    if (key === '' || entry.link || entry.dev) continue;
    const name = nameOf(key, entry);
    const where = `${name}@${entry.version ?? '?'} (${key})`;
    let licence = licenceOf(entry);
    if (!licence) {
      const manifest = path.join(root, key, 'package.json');
      if (existsSync(manifest)) licence = licenceOf(JSON.parse(readFileSync(manifest, 'utf8')));
      else if (entry.optional) {
        // An optional build for another platform: not installed here, so nothing to read; where it is installed, the check reads it.
        notInstalled += 1;
        continue;
      } else {
        problems.push(`${where} is not installed and its lock entry names no licence: run npm ci.`);
        continue;
      }
    }
    checked += 1;
    const kind = licence ? classify(licence) : 'unknown';
    if (kind === 'permissive') continue;
    const exception = allowed.get(`${name}\n${licence ?? NO_LICENCE}`);
    if (exception) {
      used.add(exception);
      continue;
    }
    problems.push(
      !licence
        ? `${where} states no licence.`
        : kind === 'copyleft'
          ? `${where} is ${licence}, a copyleft licence.`
          : `${where} is "${licence}", not a licence known to be permissive.`,
    );
  }
  for (const exception of exceptions) {
    if (!used.has(exception))
      problems.push(`licence-exceptions.json: ${exception.package} (${exception.licence}) is not in the tree with that licence: remove the entry.`);
  }
  return { problems, checked, notInstalled };
}

/** The reviewed exceptions beside this module, each with its reason. */
export function readExceptions(file = path.join(import.meta.dirname, 'licence-exceptions.json')) {
  const exceptions = JSON.parse(readFileSync(file, 'utf8'));
  for (const exception of exceptions) {
    if (!exception.package || !exception.licence || !exception.reason?.trim()) {
      throw new Error(`${file}: every exception names a package, its licence and the reason it is accepted (${JSON.stringify(exception)}).`);
    }
  }
  return exceptions;
}
