/**
 * Worker threads that run TypeScript modules without a transformer of their own. Registering tsx inside a
 * thread gives that thread a module-hooks thread with its own esbuild process; when the worker ends (a pool
 * closing, or replacing a thread over its time limit), nothing is left to wait for that process, and each
 * one stays behind as an `[esbuild] <defunct>` child for as long as the service runs. Here a thread's
 * hooks ask the thread that started it for each TypeScript file instead, and that thread transforms it
 * with its own esbuild (one process for the whole service, waited for like any child), once per file.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel, Worker, type MessagePort, type WorkerOptions } from 'node:worker_threads';
import * as esbuild from 'esbuild';
import { HEAP_PORT_FIELD, STATE_HEAP_PRELUDE, threadHeapChannel } from './threadHeaps.ts';

/** Runs in the worker's module-hooks thread: TypeScript files come from the starting thread, the rest as usual. */
const HOOKS = `
let port;
let nextId = 1;
const pending = new Map();
export function initialize(data) {
  port = data.port;
  port.on('message', ({ id, code, error }) => {
    const waiting = pending.get(id);
    pending.delete(id);
    if (error === undefined) waiting.resolve(code);
    else waiting.reject(new Error(error));
  });
  port.unref();
}
export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !/\\.[cm]?tsx?$/.test(new URL(url).pathname)) return nextLoad(url, context);
  const id = nextId++;
  port.ref();
  try {
    const source = await new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      port.postMessage({ id, url });
    });
    return { format: 'module', source, shortCircuit: true };
  } finally {
    if (pending.size === 0) port.unref();
  }
}
`;
const HOOKS_URL = `data:text/javascript,${encodeURIComponent(HOOKS)}`;

/** The transformed text of each file, kept for the life of the service: threads restart, files do not change under them. */
const transformed = new Map<string, Promise<string>>();

async function transform(url: string): Promise<string> {
  const file = fileURLToPath(url);
  const result = await esbuild.transform(await readFile(file, 'utf8'), {
    loader: /\.[cm]?tsx$/.test(file) ? 'tsx' : 'ts',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    sourcefile: file,
    sourcemap: 'inline',
  });
  return result.code;
}

/** Answers a worker's hooks with the JavaScript of the TypeScript files they ask for. */
function serveTransforms(port: MessagePort): void {
  port.on('message', ({ id, url }: { id: number; url: string }) => {
    let code = transformed.get(url);
    if (!code) {
      code = transform(url);
      transformed.set(url, code);
      // A file that failed (a syntax error being fixed) is transformed again when asked again.
      code.catch(() => transformed.delete(url));
    }
    code.then(
      (text) => port.postMessage({ id, code: text }),
      (error: unknown) => port.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
  // The port never keeps this thread alive: the worker's own handle decides that.
  port.unref();
}

export interface TypeScriptWorkerOptions extends Omit<WorkerOptions, 'eval' | 'execArgv'> {
  /** JavaScript the thread runs before it loads the module (an ES module's statements). */
  prelude?: string;
}

/**
 * Starts a worker thread on a TypeScript module (`workerUrl`, a file URL). Options are a Worker's, except
 * `eval` and `execArgv`: the thread loads no preload of this process (tsx's would start a transformer there).
 * An object `workerData` reaches the module with two more fields, `hooksPort` and `heapPort`, which it can
 * ignore. The thread states its heap to `threadHeaps.ts` under the module's name (`streamThread` for
 * `streamThread.ts`).
 */
export function startTypeScriptWorker(workerUrl: URL, { prelude = '', ...options }: TypeScriptWorkerOptions = {}): Worker {
  const { port1, port2 } = new MessageChannel();
  serveTransforms(port1);
  const heap = threadHeapChannel(path.basename(fileURLToPath(workerUrl)).replace(/\.[^.]*$/, ''));
  const bootstrap = [
    STATE_HEAP_PRELUDE,
    prelude,
    "import { register } from 'node:module';",
    "import { workerData } from 'node:worker_threads';",
    `register(${JSON.stringify(HOOKS_URL)}, { data: { port: workerData.hooksPort }, transferList: [workerData.hooksPort] });`,
    `await import(${JSON.stringify(workerUrl.href)});`,
  ].join('\n');
  const worker = new Worker(bootstrap, {
    ...options,
    eval: true,
    execArgv: [],
    workerData: { ...(options.workerData as Record<string, unknown> | undefined), hooksPort: port2, [HEAP_PORT_FIELD]: heap.port },
    transferList: [...(options.transferList ?? []), port2, heap.port],
  });
  heap.watch(worker);
  worker.once('exit', () => port1.close());
  return worker;
}
