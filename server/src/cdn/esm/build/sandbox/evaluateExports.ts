/**
 * Runs a package's CommonJS module in QuickJS compiled to WebAssembly and reads `Object.keys(module.exports)`:
 * what `require()` gives, including properties attached at run time, computed keys and `Object.assign`, which
 * no static reading of the source can name. The interpreter has no host APIs at all (no file system,
 * network, timers or environment); the only way out is the two functions this module lends it, which answer
 * the package's own files and those of the declared dependencies loaded for the run, and nothing else
 * (`sandboxFiles.ts`). Package code is untrusted: `node:vm` shares the host's objects
 * and is no boundary, a separate interpreter in its own linear memory is. A time limit (the interpreter's
 * interrupt handler) and a memory limit bound each run; a run that passes either, or throws, gives null.
 *
 * Synchronous and CPU-bound: it runs in the sandbox's worker thread (`sandboxWorker.ts`), never on the
 * thread that serves requests.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { newQuickJSWASMModuleFromVariant, newVariant, shouldInterruptAfterDeadline, type QuickJSWASMModule } from 'quickjs-emscripten-core';
import releaseSync from '@jitl/quickjs-wasmfile-release-sync';
import { builtinName } from '../builtins.ts';
import { SANDBOX_PRELUDE } from './sandboxPrelude.ts';
import { sandboxFiles, type SandboxFiles } from './sandboxFiles.ts';
import type { SandboxJob, SandboxLimits, SandboxResult } from './sandboxJob.ts';

/** Keeps the answer bounded whatever a module does with its exports object. */
const MAX_NAMES = 20_000;

const WASM_PAGE = 64 * 1024;
/** What the interpreter needs before any package code runs. */
const INITIAL_MEMORY = 16 * 1024 * 1024;

const ignore = (): void => undefined;

/** Compiled once per thread; each interpreter instance of it is cheap. */
let compiled: WebAssembly.Module | null = null;
let quickjs: { memoryBytes: number; module: Promise<QuickJSWASMModule> } | null = null;

function interpreter(memoryBytes: number): Promise<QuickJSWASMModule> {
  if (quickjs?.memoryBytes === memoryBytes) return quickjs.module;
  compiled ??= new WebAssembly.Module(fs.readFileSync(require.resolve('@jitl/quickjs-wasmfile-release-sync/wasm')));
  const maximum = Math.max(INITIAL_MEMORY, memoryBytes);
  const variant = newVariant(releaseSync, {
    wasmModule: compiled,
    wasmMemory: new WebAssembly.Memory({ initial: INITIAL_MEMORY / WASM_PAGE, maximum: Math.ceil(maximum / WASM_PAGE) }),
    // A run that ends out of memory makes the interpreter's C code print its abort; the result already says it.
    emscriptenModule: { print: ignore, printErr: ignore } as Record<string, unknown>,
  });
  quickjs = { memoryBytes, module: newQuickJSWASMModuleFromVariant(variant) };
  return quickjs.module;
}

const require = createRequire(import.meta.url);
const builtinNames = new Map<string, string>();

/** The names of a Node built-in's module, as JSON (only strings cross into the sandbox); [] for anything else. */
function namesOf(stubbed: string): string {
  let names = builtinNames.get(stubbed);
  if (names === undefined) {
    let keys: string[] = [];
    if (builtinName(stubbed) !== null) {
      try {
        keys = Object.keys(require(`node:${builtinName(stubbed)}`) as object);
      } catch {
        keys = [];
      }
    }
    names = JSON.stringify(keys.filter((key) => typeof key === 'string'));
    builtinNames.set(stubbed, names);
  }
  return names;
}

/**
 * A file's text, within the run's budget of package text; undefined past it or when unreadable. A cache file
 * that went since the build looked it up (the disk budget took it) is noted in `vanished`: the run's names
 * would lack what that file gives, so the build is made again rather than pinned without them.
 */
function reader(files: SandboxFiles, limits: SandboxLimits, vanished: string[]): (id: string) => string | undefined {
  let budget = limits.sourceBytes;
  return (id) => {
    const source = files.source(id);
    if (!source) return undefined;
    try {
      const text = 'text' in source ? source.text : fs.readFileSync(source.diskPath, 'utf8');
      budget -= text.length;
      return budget < 0 ? undefined : text;
    } catch (error) {
      if ('diskPath' in source && (error as NodeJS.ErrnoException).code === 'ENOENT') vanished.push(source.diskPath);
      return undefined;
    }
  };
}

function parseAnswer(text: unknown): SandboxResult {
  if (typeof text !== 'string') return { ok: false, reason: 'the module gave no answer' };
  const answer = JSON.parse(text) as { names?: unknown; esModule?: unknown };
  const names = Array.isArray(answer.names) ? answer.names.filter((n): n is string => typeof n === 'string').slice(0, MAX_NAMES) : [];
  return { ok: true, names, esModule: answer.esModule === true };
}

/**
 * Evaluates `job.entry` and answers its `module.exports` keys, or why it could not, and in both cases the
 * declared dependencies it met as stand-ins (`wanted`).
 */
export async function evaluateExports(job: SandboxJob): Promise<SandboxResult> {
  const files = sandboxFiles(job);
  const vanished: string[] = [];
  const result = await evaluate(job, files, vanished);
  if (vanished.length) return { ok: false, reason: 'a file of the package went from the cache during the run', vanished: vanished[0]! };
  return files.wanted.length ? { ...result, wanted: [...files.wanted] } : result;
}

async function evaluate(job: SandboxJob, files: SandboxFiles, vanished: string[]): Promise<SandboxResult> {
  const quick = await interpreter(job.limits.memoryBytes);
  const runtime = quick.newRuntime();
  let failed = true;
  try {
    // The object heap's own limit, a little under the memory's, so that most runs end with a clean error.
    runtime.setMemoryLimit(Math.floor(job.limits.memoryBytes * 0.75));
    runtime.setMaxStackSize(1024 * 1024);
    runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + job.limits.timeMs));
    const context = runtime.newContext();
    try {
      const read = reader(files, job.limits, vanished);
      const hostResolve = context.newFunction('resolve', (from, specifier) =>
        context.newString(files.resolve(context.getString(from), context.getString(specifier))),
      );
      const hostRead = context.newFunction('read', (path) => {
        const text = read(context.getString(path));
        return text === undefined ? context.undefined : context.newString(text);
      });
      const hostNames = context.newFunction('names', (stubbed) => context.newString(namesOf(context.getString(stubbed))));
      const prelude = context.evalCode(SANDBOX_PRELUDE, 'sandbox-prelude.js');
      if (prelude.error) {
        const reason = String(context.dump(prelude.error));
        prelude.error.dispose();
        return { ok: false, reason };
      }
      const makeRun = prelude.value;
      const start = context.callFunction(makeRun, context.undefined, hostResolve, hostRead, hostNames);
      makeRun.dispose();
      hostResolve.dispose();
      hostRead.dispose();
      hostNames.dispose();
      if (start.error) {
        const reason = String(context.dump(start.error));
        start.error.dispose();
        return { ok: false, reason };
      }
      const run = start.value;
      const entry = context.newString(job.entry);
      const property = job.property === undefined ? context.undefined : context.newString(job.property);
      const result = context.callFunction(run, context.undefined, entry, property);
      entry.dispose();
      property.dispose();
      run.dispose();
      if (result.error) {
        const dumped = context.dump(result.error) as unknown;
        result.error.dispose();
        const reason = dumped && typeof dumped === 'object' && 'message' in dumped ? String((dumped as { message: unknown }).message) : String(dumped);
        return { ok: false, reason };
      }
      const answer = context.dump(result.value) as unknown;
      result.value.dispose();
      const parsed = parseAnswer(answer);
      failed = !parsed.ok;
      return parsed;
    } finally {
      try {
        context.dispose();
      } catch {
        // A context stopped mid-run (interrupted, out of memory) may hold objects it cannot free: the runtime goes anyway.
      }
    }
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    try {
      runtime.dispose();
    } catch {
      // As above: after a failed run, the interpreter is replaced below rather than trusted.
    }
    // An interpreter that ran out of memory or was interrupted mid-allocation is not reused: a fresh
    // WebAssembly instance costs milliseconds, a corrupted one would answer every later module wrongly.
    // One whose memory grew is let go too, so that an idle thread does not keep a large module's memory.
    if (failed || quick.getWasmMemory().buffer.byteLength > INITIAL_MEMORY * 2) quickjs = null;
  }
}
