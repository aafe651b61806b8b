/**
 * The names a failed build would have exported. The module that reports a failure declares them, so that a
 * dependant importing `{ name }` from it fails with the build's real cause when the failing module runs,
 * instead of a link error ("does not provide an export named ...") that hides the cause and the culprit.
 */
import * as esbuild from 'esbuild';
import { buildModule, type BuildRequest } from './buildModule.ts';
import { cjsExports } from './cjsExports.ts';
import { readStoredText } from '../../../packages/storedFile.ts';

/** Stands for every dependency's version: the names pass imports nothing, so no version is looked up. */
const ANY_VERSION = '0.0.0';

/** The names pass is a best effort: it gets a share of the build's time, never more than this. */
const NAMES_TIME_LIMIT_MS = 5_000;

/**
 * Tries the build again with dependencies left unresolved (a missing or unreachable dependency is the usual
 * cause); when that fails too, the entry file's own export statements and CommonJS exports. Always `default`.
 */
export async function failedExports(request: BuildRequest): Promise<string[]> {
  const names = new Set(['default']);
  try {
    const built = await buildModule({
      ...request,
      timeoutMs: Math.min(request.timeoutMs, NAMES_TIME_LIMIT_MS),
      resolveDependency: () => Promise.resolve(ANY_VERSION),
    });
    for (const name of built.exports) names.add(name);
    return [...names].sort();
  } catch {
    // The package's own files do not build: fall back to what the entry file says of itself.
  }
  const stored = request.files.get(request.entry);
  if (!stored) return [...names];
  try {
    const source = await readStoredText(stored);
    for (const name of await entryStatements(source, request.entry)) names.add(name);
    const found = await cjsExports(request.entry, source, { read: () => Promise.resolve(null) });
    for (const name of found.names) names.add(name);
  } catch {
    // Unreadable or unparseable: `default` is all that can be declared.
  }
  return [...names].sort();
}

/** The names the entry's own `export` statements give, without following any import. */
async function entryStatements(source: string, entry: string): Promise<string[]> {
  try {
    const result = await esbuild.build({
      stdin: { contents: source, sourcefile: entry, loader: /\.[cm]?tsx?$/.test(entry) ? 'ts' : 'js' },
      bundle: false,
      write: false,
      format: 'esm',
      target: 'esnext',
      metafile: true,
      logLevel: 'silent',
      outfile: 'out.js',
    });
    return Object.values(result.metafile.outputs).flatMap((o) => o.exports);
  } catch {
    return [];
  }
}
