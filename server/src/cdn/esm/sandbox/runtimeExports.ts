/**
 * The names `require()` gives for a CommonJS file of a package version, read by evaluating it in the
 * sandbox (`evaluateExports.ts`) on a worker thread of this process: the evaluation is synchronous and may
 * take its whole time limit, which the thread that serves requests must never wait out. One thread, started
 * when first needed and never holding the process open; a run past the pool's limit (the interpreter's own
 * interrupt did not stop it) has its thread ended and replaced. Any failure answers null: the caller keeps
 * what the lexer found.
 */
import type { StoredFile } from '../../../packages/types.ts';
import { WorkerPool } from '../../../shared/workerPool.ts';
import { exportableName, type CjsExports } from '../cjsExports.ts';
import { DEFAULT_SANDBOX_LIMITS, type SandboxJob, type SandboxLimits, type SandboxResult } from './evaluateExports.ts';

export interface RuntimeExportsRequest {
  name: string;
  manifest: Record<string, unknown>;
  entry: string;
  files: ReadonlyMap<string, StoredFile>;
  /** The `browser` field replacements the build applies (`../packagePlugin.ts`, `browserMap`). */
  replacements: ReadonlyMap<string, string | false>;
}

export interface RuntimeExports {
  names: string[];
  esModule: boolean;
}

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

/** Evaluates the file and answers the keys of its `module.exports`, or null when it could not be evaluated. */
export async function runtimeExports(request: RuntimeExportsRequest, limits: SandboxLimits = DEFAULT_SANDBOX_LIMITS): Promise<RuntimeExports | null> {
  const job: SandboxJob = {
    name: request.name,
    manifest: request.manifest,
    entry: request.entry,
    files: [...request.files].map(([path, stored]) => [path, stored.content ? { text: stored.content.toString('utf8') } : { diskPath: stored.diskPath }]),
    replacements: [...request.replacements],
    limits,
  };
  try {
    const result = await sandboxPool(limits).run(job);
    return result.ok ? { names: result.names, esModule: result.esModule } : null;
  } catch {
    return null;
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
