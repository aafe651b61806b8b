/**
 * What a build takes from where it runs (`runtimeOf` in `../../../cdnUrl/esmOptions.ts`): a browser page, or Deno.
 * A browser build gets browser stand-ins for Node's built-ins and free globals (`builtins.ts`); a Deno build
 * imports Deno's own `node:` modules for both, since Deno implements them, and has no DOM for a `browser`
 * file to use. Everything else of a build is the same for both.
 */
import path from 'node:path';
import type { BuildOptions, OnResolveResult } from 'esbuild';
import { runtimeOf, syntaxTarget, type EsmOptions } from '../../../cdnUrl/esmOptions.ts';
import { PROCESS_SHIM_PATH } from './builtins.ts';

/** The file injected in a Deno build where code reads Node's free globals (`process`, `Buffer`, `setImmediate`). */
export const DENO_GLOBALS_PATH = path.join(import.meta.dirname, 'builtins', 'deno-globals.mjs');

/** esbuild's platform and syntax for the options, and the globals it injects. */
export function runtimeBuildOptions(options: Pick<EsmOptions, 'target'>): Pick<BuildOptions, 'platform' | 'target' | 'inject'> {
  const deno = runtimeOf(options) === 'deno';
  // Deno is no browser: `neutral` leaves esbuild no browser assumption (every import is resolved by our plugin either way).
  return { platform: deno ? 'neutral' : 'browser', target: syntaxTarget(options), inject: [deno ? DENO_GLOBALS_PATH : PROCESS_SHIM_PATH] };
}

/**
 * Built-ins a Deno build takes from a module of ours wrapping Deno's: `fileURLToPath` and `createRequire` of a
 * module's own `import.meta.url`, which is a web address for a module loaded from this CDN.
 */
const DENO_ADAPTERS: Readonly<Record<string, string>> = {
  url: path.join(import.meta.dirname, 'builtins', 'deno-url.mjs'),
  module: path.join(import.meta.dirname, 'builtins', 'deno-module.mjs'),
};

/** The files of ours in a Deno build, whose own imports of `node:` modules stay imports. */
export const DENO_FILES: readonly string[] = [DENO_GLOBALS_PATH, ...Object.values(DENO_ADAPTERS)];

/** The namespace of the module that bridges a `require()` of a Node built-in to Deno's `node:` module. */
export const NODE_REQUIRE = 'node-require';

/**
 * A Node built-in in a Deno build: Deno's `node:` module itself, imported (an `import` stays one), or required
 * through a bridge giving its default export, which is what `require()` gives in Node (`require('events')`
 * is the EventEmitter class).
 */
export function nodeBuiltinImport(builtin: string, kind: string): OnResolveResult {
  // An adapter of ours is bundled; required, it gives its namespace, which has every name of the module.
  const adapter = Object.hasOwn(DENO_ADAPTERS, builtin) ? DENO_ADAPTERS[builtin] : undefined;
  if (adapter) return { path: adapter };
  return kind === 'require-call' ? { path: `node:${builtin}`, namespace: NODE_REQUIRE } : { path: `node:${builtin}`, external: true };
}

/** The bridge's source: `namespaceImport` is the specifier under which the plugin imports the module's namespace. */
export function nodeRequireSource(namespaceImport: string): string {
  return `const { ns } = require(${JSON.stringify(namespaceImport)});\nmodule.exports = ns.default !== undefined ? ns.default : ns;`;
}

/**
 * CommonJS's free `__dirname` and `__filename` in a Deno build (@aws-sdk's clients read `__dirname` while they
 * load): the file's path on the CDN (`/npm/{name}@{version}/dist`), as `fileURLToPath` of its web address gives
 * it (`builtins/deno-url.mjs`). A file declaring its own (an ES module's `const __dirname = ...`) keeps it.
 */
export function withModulePaths(code: string, filePath: string): string {
  const uses = (name: string): boolean =>
    new RegExp(`\\b${name}\\b`).test(code) && !new RegExp(`\\b(?:var|let|const|function)\\s+${name}\\b|[{,]\\s*${name}\\s*[,}:]`).test(code);
  const lines: string[] = [];
  if (uses('__dirname')) lines.push(`var __dirname = ${JSON.stringify(filePath.slice(0, filePath.lastIndexOf('/')))};`);
  if (uses('__filename')) lines.push(`var __filename = ${JSON.stringify(filePath)};`);
  if (!lines.length) return code;
  // On the file's first line, so that its own lines keep their numbers in the source map: after a `#!` line
  // and a 'use strict' directive, which must stay first.
  const prologue = /^(?:#![^\n]*\n)?(?:\s*(?:\/\/[^\n]*\n|\/\*[\s\S]*?\*\/))*\s*(?:(["'])use strict\1;?)?/.exec(code)?.[0] ?? '';
  // `;` ends a directive written without one.
  return `${prologue}${prologue.trim() === '' ? '' : ';'}${lines.join(' ')} ${code.slice(prologue.length)}`;
}
