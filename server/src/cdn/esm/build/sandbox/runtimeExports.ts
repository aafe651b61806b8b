/**
 * The names `require()` gives for a CommonJS file of a package version, read by evaluating it in the
 * sandbox (`evaluateExports.ts`) on a worker thread of this process: the evaluation is synchronous and may
 * take its whole time limit, which the thread that serves requests must never wait out. One thread, started
 * when first needed and never holding the process open; a run past the pool's limit (the interpreter's own
 * interrupt did not stop it) has its thread ended and replaced. Any failure answers null: the caller keeps
 * what the lexer found.
 */
import type { StoredFile } from '../../../../packages/types.ts';
import { WorkerPool } from '../../../../workers/workerPool.ts';
import { exportableName, type CjsExports } from '../cjsExports.ts';
import { declaredDependency } from '../../resolve/depUrl.ts';
import { browserMap } from '../../resolve/entry.ts';
import { DEFAULT_SANDBOX_LIMITS, type SandboxJob, type SandboxLimits, type SandboxPackage, type SandboxResult, type SandboxSource } from './sandboxJob.ts';
import type { PackageLoader } from './dependencyPackages.ts';

/** How the dependencies a module requires while it loads are had: as the build resolves them. */
export interface SandboxDependencies {
  /** The exact version the build imports for a declared range (`?deps` pins honoured). */
  resolve(name: string, range: string): Promise<string>;
  load: PackageLoader;
}

export interface RuntimeExportsRequest {
  name: string;
  manifest: Record<string, unknown>;
  entry: string;
  files: ReadonlyMap<string, StoredFile>;
  /** The `browser` field replacements the build applies (`../../resolve/entry.ts`, `browserMap`). */
  replacements: ReadonlyMap<string, string | false>;
  /** Without: every other package is an inert stand-in. */
  dependencies?: SandboxDependencies;
  /** The names of this property of `module.exports` instead (`SandboxJob.property`). */
  property?: string;
}

export interface RuntimeExports {
  names: string[];
  esModule: boolean;
}

/**
 * Bounds of the dependencies loaded for one module: rounds of evaluation (each can only discover the next
 * level of requires, so this is the depth), packages (es-abstract reaches about 70 small ones while it loads),
 * and the size of their requirable files.
 */
export const DEPENDENCY_LIMITS = { rounds: 5, packages: 96, bytes: 64 * 1024 * 1024 };

/** Time the thread may take beyond the interpreter's own limit (reading the files, starting the interpreter). */
const THREAD_MARGIN_MS = 8_000;

let pool: WorkerPool<SandboxJob, SandboxResult> | null = null;

function sandboxPool(limits: SandboxLimits): WorkerPool<SandboxJob, SandboxResult> {
  pool ??= new WorkerPool<SandboxJob, SandboxResult>({
    workerUrl: new URL('./sandboxWorker.ts', import.meta.url),
    threads: 1,
    timeLimitMs: limits.timeMs + THREAD_MARGIN_MS,
    maxQueued: 64,
    startOnDemand: true,
    replaceAfterExit: true,
    errors: {
      closed: () => new Error('The CommonJS sandbox is closed.'),
      queueFull: (job) => new Error(`Too many modules wait for the CommonJS sandbox (${job.name}${job.entry}).`),
      timedOut: (job) => new Error(`${job.name}${job.entry} did not finish in the CommonJS sandbox in time.`),
    },
  });
  return pool;
}

const sourcesOf = (files: ReadonlyMap<string, StoredFile>): [string, SandboxSource][] =>
  [...files].map(([path, stored]) => [path, stored.content ? { text: stored.content.toString('utf8') } : { diskPath: stored.diskPath }]);

/**
 * Evaluates the file and answers the keys of its `module.exports`, or null when it could not be evaluated.
 * With `dependencies`, the declared dependencies it requires while loading are loaded and the file evaluated
 * again with them, level by level within `DEPENDENCY_LIMITS`; the names are those of every run that
 * finished (a real dependency can only add names a stand-in hid, and one that breaks the run loses none).
 */
export async function runtimeExports(request: RuntimeExportsRequest, limits: SandboxLimits = DEFAULT_SANDBOX_LIMITS): Promise<RuntimeExports | null> {
  const base: SandboxJob = {
    name: request.name,
    manifest: request.manifest,
    entry: request.entry,
    files: sourcesOf(request.files),
    replacements: [...request.replacements],
    limits,
    ...(request.property === undefined ? {} : { property: request.property }),
  };
  const packages = new Map<string, SandboxPackage>();
  const links: [string, string, string][] = [];
  const tried = new Set<string>();
  let bytes = 0;
  let found = null as RuntimeExports | null;
  for (let round = 0; ; round++) {
    let result: SandboxResult;
    try {
      result = await sandboxPool(limits).run({ ...base, packages: [...packages.values()], links });
    } catch {
      return found;
    }
    if (!result.ok && result.vanished) {
      // Names missed for want of a file are not names the module lacks: the build fails as one whose files went
      // (answered again by the route, `../../../serve/vanishedFiles.ts`), and kept dependency versions naming it
      // are looked up again.
      request.dependencies?.load.forget(result.vanished);
      throw Object.assign(new Error(`ENOENT: a cache file went during the build, open '${result.vanished}'`), {
        code: 'ENOENT',
        syscall: 'open',
        path: result.vanished,
      });
    }
    if (result.ok) {
      const names = new Set<string>([...(found?.names ?? []), ...result.names]);
      found = { names: [...names], esModule: (found?.esModule ?? false) || result.esModule };
    }
    const dependencies = request.dependencies;
    if (!dependencies || !result.wanted || round + 1 >= DEPENDENCY_LIMITS.rounds) return found;
    // The packages of this level are resolved and fetched together; each is then taken in the order met.
    const fresh = result.wanted.filter(({ from, name }) => !tried.has(`${from}\n${name}`)).slice(0, Math.max(0, DEPENDENCY_LIMITS.packages - packages.size));
    for (const { from, name } of fresh) tried.add(`${from}\n${name}`);
    const fetched = await Promise.all(
      fresh.map(async ({ from, name }) => {
        const manifest = from === '' ? request.manifest : packages.get(from)?.manifest;
        if (!manifest) return null;
        const declared = declaredDependency(manifest, name);
        try {
          const version = await dependencies.resolve(declared.name, declared.range);
          return { from, name, key: `${declared.name}@${version}`, packageName: declared.name, loaded: await dependencies.load(declared.name, version) };
        } catch {
          return null;
        }
      }),
    );
    let added = false;
    for (const dependency of fetched) {
      if (!dependency) continue;
      const { from, name, key, packageName, loaded } = dependency;
      if (!packages.has(key)) {
        if (!loaded || packages.size >= DEPENDENCY_LIMITS.packages) continue;
        const size = [...loaded.files.values()].reduce((sum, file) => sum + file.size, 0);
        if (bytes + size > DEPENDENCY_LIMITS.bytes) continue;
        bytes += size;
        const has = { has: (p: string) => loaded.files.has(p) };
        packages.set(key, {
          key,
          name: packageName,
          manifest: loaded.manifest,
          files: sourcesOf(loaded.files),
          replacements: [...browserMap(loaded.manifest, has)],
        });
      }
      links.push([from, name, key]);
      added = true;
    }
    if (!added) return found;
  }
}

/**
 * What the lexer found, plus the names evaluation gives. The union, not evaluation alone: the lexer's names
 * are what Node's own `import()` of the file gives, and a module evaluated here meets stand-ins where its
 * dependencies and built-ins would be (`module.exports = require('other-package')` evaluates to no names
 * here while the lexer follows it), so each source names what the other cannot. A name that is only in one
 * is exported either way; where the value is missing at run time it is undefined, as Node gives it.
 */
export async function withRuntimeExports(found: CjsExports, request: RuntimeExportsRequest, limits?: SandboxLimits): Promise<CjsExports> {
  const evaluated = await runtimeExports(request, limits);
  if (!evaluated) return found;
  const names = new Set(found.names);
  for (const name of evaluated.names) if (exportableName(name)) names.add(name);
  return { names: [...names].sort(), esModule: found.esModule || evaluated.esModule };
}
