/**
 * Long-tail soak: the product as `npm start` runs it, against a generated npm registry of hundreds of packages
 * on loopback, under a Zipf-distributed mix of thousands of distinct files, builds, listings, combined files and
 * data API calls, every body checked. Three phases: steady; eviction (the file cache's budget a quarter of the
 * working set the first phase left on disk, so that eviction runs all the time); kills (a random CDN process
 * SIGKILLed every 30 s). Then nginx serving the same exact-version files from disk beside the CDN, with the
 * same requests. A benchmark: it prints figures, asserts nothing, and exits non-zero only on its own errors.
 *
 *   npm run longtail -w @skylift/bench [-- --minutes 10 --packages 500 --connections 64 --phases steady,eviction,kills]
 *   npm run longtail -w @skylift/bench -- --quick        (100 packages, 1 minute a phase, 20 s of reference)
 *   ... -- --pin     the reference turns with the generator on a CPU of its own and the servers on the others (`pinning.ts`)
 *   ... -- --memory-cache-mb 96   each process's in-memory caches' budget (the launcher's default otherwise)
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { memoryByProcess } from './processMemory.ts';
import { acceptedConnections, childRunning, cpuMs, descendants, residentMb, serviceProcesses } from '../../server/src/launcher/testing/processes.ts';
import { freePort } from '../../server/src/testing/freePort.ts';
import { ensureNginx, startNginx } from '../cdn/nginx.ts';
import { pinServers } from './pinning.ts';
import { startLongTailRegistry, type LongTailRegistry } from './registry.ts';
import { Report, type ProcessSample } from './report.ts';
import { SweepWatcher } from './sweeps.ts';
import { Checker, nextRequest, runLoad, type Outcome, type Request, type Targets } from './traffic.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const { values } = parseArgs({
  options: {
    minutes: { type: 'string' },
    packages: { type: 'string' },
    connections: { type: 'string' },
    phases: { type: 'string' },
    'reference-seconds': { type: 'string' },
    'kill-interval': { type: 'string' },
    timeout: { type: 'string' },
    quick: { type: 'boolean' },
    keep: { type: 'boolean' },
    pin: { type: 'boolean' },
    'memory-cache-mb': { type: 'string' },
  },
});
const quick = values.quick ?? false;
const phases = (values.phases ?? 'steady,eviction,kills').split(',').filter(Boolean);
const minutes = Number(values.minutes ?? (quick ? phases.length : 10));
const phaseMs = (minutes * 60_000) / phases.length;
const packages = Number(values.packages ?? (quick ? 100 : 500));
const connections = Number(values.connections ?? 64);
const referenceMs = Number(values['reference-seconds'] ?? (quick ? 20 : 60)) * 1000;
const killIntervalMs = Number(values['kill-interval'] ?? 30) * 1000;
const timeoutMs = Number(values.timeout ?? 30_000);
/**
 * The in-memory caches' budget of each CDN and data API process (SKYLIFT_MEMORY_CACHE_BYTES), or the launcher's
 * default (a share of the machine's memory, at most 480 MB) when not given. A small one fills within minutes, so that
 * the samples show whether memory stays flat once the caches are full.
 */
const memoryCacheMb = values['memory-cache-mb'] === undefined ? null : Number(values['memory-cache-mb']);
if (memoryCacheMb !== null && !(memoryCacheMb > 0)) throw new Error(`--memory-cache-mb must be a number of MB above 0, not ${values['memory-cache-mb']}`);
/** A request cut off within this long after a kill, that started before it, was in flight on the killed process. */
const KILL_WINDOW_MS = 3000;
const SAMPLE_MS = 30_000;

const say = (text: string): void => void process.stdout.write(`${text}\n`);
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface Product {
  start: ChildProcess;
  launcherPid: number;
  targets: Targets;
  dataDir: string;
  stop(): Promise<void>;
}

function cleanEnvironment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !key.startsWith('SKYLIFT_')) env[key] = value;
  return env;
}

/** The services' loopback ports, chosen once: a restarted product keeps its addresses, as a deployment does (generated files' banners name the website). */
const ports = new Map<string, number>();

/** What `npm start` runs after its build, on loopback ports, with `dataDir` and the generated registry. */
async function startProduct(registry: LongTailRegistry, dataDir: string, extra: Record<string, string> = {}): Promise<Product> {
  const env: Record<string, string> = {
    ...cleanEnvironment(),
    SKYLIFT_DATA_DIR: dataDir,
    SKYLIFT_NPM_REGISTRY: registry.url,
    SKYLIFT_LOG_LEVEL: 'warn',
    ...(memoryCacheMb === null ? {} : { SKYLIFT_MEMORY_CACHE_BYTES: String(Math.round(memoryCacheMb * 1024 * 1024)) }),
    ...extra,
  };
  env['SKYLIFT_GITHUB_API'] = env['SKYLIFT_GITHUB_ARCHIVE'] = env['SKYLIFT_GITHUB_RAW'] = 'http://127.0.0.1:1';
  const urls: Record<string, string> = {};
  for (const service of ['www', 'cdn', 'data', 'search', 'purge', 'esmrun']) {
    const port = ports.get(service) ?? (await freePort());
    ports.set(service, port);
    env[`SKYLIFT_${service.toUpperCase()}_PORT`] = String(port);
    env[`SKYLIFT_${service.toUpperCase()}_URL`] = urls[service] = `http://127.0.0.1:${port}`;
  }
  const output = fs.createWriteStream(path.join(dataDir, 'product-output.log'), { flags: 'a' });
  const start = spawn(process.execPath, ['scripts/start.mjs', '--no-build'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  // Traffic starts when the launcher says the product is running, as a user opens it then: every process of every
  // service is ready. Started at the first process's /healthz, nearly all of the load's connections went to that process.
  let running = false;
  for (const stream of [start.stdout!, start.stderr!])
    readline.createInterface({ input: stream }).on('line', (line) => {
      if (/ is running: open /.test(line)) running = true;
      output.write(`${line}\n`);
    });
  const deadline = Date.now() + 180_000;
  while (!running) {
    if (Date.now() > deadline) throw new Error(`the product did not say it is running within 180 s (see ${dataDir}/product-output.log)`);
    await sleep(250);
  }
  for (const service of ['cdn', 'data']) {
    const ok = await fetch(`${urls[service]}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (!ok) throw new Error(`${service} is not answering /healthz although the product says it is running (see ${dataDir}/product-output.log)`);
  }
  const launcherPid = childRunning(start.pid!, path.join('server', 'src', 'main.ts'));
  if (!launcherPid) throw new Error('the launcher process was not found under the start script');
  return {
    start,
    launcherPid,
    dataDir,
    targets: { cdn: urls['cdn']!, data: urls['data']! },
    stop: async () => {
      const pids = [start.pid!, ...descendants(start.pid!).map((p) => p.pid)];
      start.kill('SIGTERM');
      const began = Date.now();
      const alive = (): number[] =>
        pids.filter((pid) => {
          try {
            return !fs.readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
          } catch {
            return false; // gone, or exiting as it was read
          }
        });
      while (alive().length && Date.now() - began < 20_000) await sleep(100);
      for (const pid of alive()) process.kill(pid, 'SIGKILL');
      output.end();
    },
  };
}

async function sampleProcesses(product: Product, at: number): Promise<ProcessSample[]> {
  const processes = serviceProcesses(product.launcherPid).filter((p) => p.service === 'cdn' || p.service === 'data');
  const pidsOf = (service: string): number[] => processes.filter((p) => p.service === service).map((p) => p.pid);
  const [cdnMemory, dataMemory] = await Promise.all([
    memoryByProcess(product.targets.cdn, pidsOf('cdn')),
    memoryByProcess(product.targets.data, pidsOf('data')),
  ]);
  const connections = new Map([
    ...acceptedConnections(pidsOf('cdn'), Number(new URL(product.targets.cdn).port)),
    ...acceptedConnections(pidsOf('data'), Number(new URL(product.targets.data).port)),
  ]);
  return processes.map((p) => {
    let fds = NaN;
    try {
      fds = fs.readdirSync(`/proc/${p.pid}/fd`).length;
    } catch {
      /* gone */
    }
    const memory = (p.service === 'cdn' ? cdnMemory : dataMemory).get(p.pid);
    return {
      at,
      service: p.service,
      slot: p.slot,
      pid: p.pid,
      rssMb: residentMb(p.pid),
      cachesMb: memory?.cachesMb ?? NaN,
      heapMb: memory?.heapMb ?? NaN,
      heapUsedMb: memory?.heapUsedMb ?? NaN,
      externalMb: memory?.externalMb ?? NaN,
      threadsMb: memory?.threadsMb ?? NaN,
      fds,
      connections: connections.get(p.pid) ?? 0,
    };
  });
}

/** Bytes under a folder (what `du` counts as apparent size). */
function folderBytes(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  try {
    return Number(execFileSync('du', ['-sb', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).split('\t')[0]);
  } catch (error) {
    // Files removed while du walks (eviction at work) make it exit 1 after printing the total of the rest.
    return Number(String((error as { stdout?: string }).stdout ?? '').split('\t')[0]) || 0;
  }
}

/** The file cache the disk budget governs: the package layer's folder and the CDN's generated files. */
const cacheBytes = (dataDir: string): number => folderBytes(path.join(dataDir, 'packages')) + folderBytes(path.join(dataDir, 'cdn-generated'));

/** Request log lines of the CDN answered from its cache and not, as the log records them. */
function cacheOutcomes(dataDir: string): { hit: number; miss: number } {
  const dir = path.join(dataDir, 'request-log');
  const counts = { hit: 0, miss: 0 };
  for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    for (const line of fs.readFileSync(path.join(dir, file), 'utf8').split('\n')) {
      if (line.includes('"cache":"hit"')) counts.hit++;
      else if (line.includes('"cache":"miss"')) counts.miss++;
    }
  }
  return counts;
}

async function runPhase(
  name: string,
  product: Product,
  registry: LongTailRegistry,
  checker: Checker,
  report: Report,
  budgetBytes: number | null,
): Promise<void> {
  const began = performance.now();
  const endAt = began + phaseMs;
  const fetchesBefore = registry.tarballFetches();
  const cacheBefore = cacheOutcomes(product.dataDir);
  const stats = report.phase(name, budgetBytes);
  const sweeps = new SweepWatcher(product.dataDir);
  const kills: Array<{ at: number; pid: number }> = [];
  say(
    `longtail: phase ${name}: ${(phaseMs / 60_000).toFixed(1)} min, ${connections} connections${budgetBytes ? `, file cache budget ${(budgetBytes / 1e6).toFixed(0)} MB` : ''}`,
  );
  const sample = async (): Promise<void> => {
    const at = performance.now() - began;
    stats.sample(await sampleProcesses(product, at), cacheBytes(product.dataDir));
  };
  await sample();
  const sampler = setInterval(() => void sample(), SAMPLE_MS);
  const progress = setInterval(() => say(`  ${((performance.now() - began) / 1000).toFixed(0).padStart(5)} s  ${stats.progress()}`), 15_000);
  const killer =
    name === 'kills'
      ? setInterval(() => {
          const cdn = serviceProcesses(product.launcherPid).filter((p) => p.service === 'cdn');
          const victim = cdn[Math.floor(Math.random() * cdn.length)];
          if (!victim) return;
          try {
            process.kill(victim.pid, 'SIGKILL');
            kills.push({ at: performance.now(), pid: victim.pid });
            say(`  ${((performance.now() - began) / 1000).toFixed(0).padStart(5)} s  SIGKILL cdn pid ${victim.pid}`);
          } catch {
            /* gone meanwhile */
          }
        }, killIntervalMs)
      : null;
  // In flight on a killed process: started before the kill and cut off soon after it; or sent, just after it, on
  // a kept-alive connection of that process before the client heard it close (browsers send such a request again).
  const inFlightOnKill = (o: Outcome): boolean =>
    kills.some(
      (k) =>
        (o.startedAt <= k.at && o.endedAt >= k.at && o.endedAt - k.at <= KILL_WINDOW_MS) ||
        (o.reusedConnection === true && o.startedAt >= k.at && o.startedAt - k.at <= KILL_WINDOW_MS),
    );
  /** A failure outside those: on which connection, and when it came relative to the last kill, for the examples printed. */
  const explained = (o: Outcome): Outcome => {
    if (!o.error) return o;
    // A kept-alive connection the server closed as it was reused fails before any answer; a browser sends again.
    const notes: string[] = [];
    const last = kills.at(-1);
    if (last) notes.push(`sent ${Math.round(o.startedAt - last.at)} ms after the last kill`);
    if (o.reusedConnection !== undefined) notes.push(`on a ${o.reusedConnection ? 'reused' : 'new'} connection`);
    return notes.length ? { ...o, error: `${o.error} (${notes.join(', ')})` } : o;
  };
  await runLoad({
    connections,
    timeoutMs,
    checker,
    next: () => nextRequest(registry, product.targets),
    stop: () => performance.now() >= endAt,
    onOutcome: (outcome) => {
      const onKill = inFlightOnKill(outcome);
      stats.add(onKill ? outcome : explained(outcome), onKill);
    },
  });
  clearInterval(sampler);
  clearInterval(progress);
  if (killer) clearInterval(killer);
  await sample();
  // Let the request log's last lines reach the disk before they are counted.
  await sleep(1000);
  const cacheAfter = cacheOutcomes(product.dataDir);
  stats.finish({
    fetchesBefore,
    fetchesAfter: registry.tarballFetches(),
    cache: { hit: cacheAfter.hit - cacheBefore.hit, miss: cacheAfter.miss - cacheBefore.miss },
    kills: kills.length,
    sweeps: sweeps.finish(),
  });
  say(stats.summary());
}

/** The exact-version files the run asked for, written on disk as nginx serves them: `<root>/npm/<name>@<version>/<path>`. */
function writeDocroot(registry: LongTailRegistry, versions: Set<string>, docroot: string): number {
  let files = 0;
  for (const key of versions) {
    const at = key.lastIndexOf('@');
    const [name, version] = [key.slice(0, at), key.slice(at + 1)];
    const v = registry.versions(name).find((x) => x.version === version)!;
    for (const file of v.files) {
      const target = path.join(docroot, 'npm', `${name}@${version}`, file.path);
      fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o755 });
      fs.writeFileSync(target, registry.bytes(name, version, file.path), { mode: 0o644 });
      files++;
    }
  }
  return files;
}

/** The same list of exact-version file requests, sent to the CDN and to nginx in turns, twice each. */
async function reference(product: Product, registry: LongTailRegistry, versions: Set<string>, report: Report, work: string): Promise<void> {
  const nginxBinary = ensureNginx();
  if (!nginxBinary) return say('longtail: no nginx, so no reference');
  const docroot = path.join(work, 'nginx-root');
  const files = writeDocroot(registry, versions, docroot);
  fs.chmodSync(work, 0o755);
  const workers = serviceProcesses(product.launcherPid).filter((p) => p.service === 'cdn').length || os.availableParallelism();
  const nginx = await startNginx(nginxBinary, docroot, path.join(work, 'nginx'), workers);
  try {
    const inSet = (request: Request): boolean => {
      const check = request.check && 'file' in request.check ? request.check.file : null;
      return check !== null && versions.has(`${check.name}@${check.version}`);
    };
    const list: Request[] = [];
    while (list.length < 400_000) {
      const request = nextRequest(registry, product.targets, true);
      if (inSet(request)) list.push({ ...request, headers: {} });
    }
    const pinned = values.pin ? `; ${pinServers([product.launcherPid, nginx.pid])}` : '';
    say(
      `longtail: reference: ${files} files of ${versions.size} versions on disk for nginx (${workers} workers, sendfile, open-file cache); ${referenceMs / 1000} s a turn${pinned}`,
    );
    const checker = new Checker(registry);
    const distinct = [...new Map(list.map((request) => [request.url, request])).values()];
    const warmStarted = performance.now();
    let warmed = 0;
    await runLoad({
      connections,
      timeoutMs,
      checker,
      next: () => distinct[warmed++ % distinct.length]!,
      stop: () => warmed >= distinct.length,
      onOutcome: () => {},
    });
    say(
      `longtail: reference: the ${distinct.length} distinct files asked once of ours first (${((performance.now() - warmStarted) / 1000).toFixed(0)} s), unmeasured`,
    );
    for (let round = 0; round < 2; round++) {
      for (const [side, base] of [
        ['ours', product.targets.cdn],
        ['nginx', nginx.url],
      ] as const) {
        let next = 0;
        const stats = report.reference(side);
        // The CDN's processes for ours, nginx's master and workers; and the product's other processes (the
        // launcher, the other services, their threads' children), which still run in both sides' turns.
        const cdnPids = serviceProcesses(product.launcherPid)
          .filter((p) => p.service === 'cdn')
          .map((p) => p.pid);
        const serverPids = side === 'ours' ? cdnPids : [nginx.pid, ...descendants(nginx.pid).map((entry) => entry.pid)];
        const otherPids = [product.start.pid!, ...descendants(product.start.pid!).map((entry) => entry.pid)].filter((pid) => !cdnPids.includes(pid));
        // A process gone by the end of the turn (an exited child) counts nothing rather than less than nothing.
        const startCpu = new Map([...serverPids, ...otherPids].map((pid) => [pid, cpuMs(pid)]));
        const spent = (pids: number[]): number => pids.reduce((total, pid) => total + Math.max(0, cpuMs(pid) - startCpu.get(pid)!), 0);
        const generatorCpu = (): number => {
          const used = process.cpuUsage();
          return (used.user + used.system) / 1000;
        };
        const generatorBefore = generatorCpu();
        const endAt = performance.now() + referenceMs;
        await runLoad({
          connections,
          timeoutMs,
          checker,
          next: () => {
            const request = list[next++ % list.length]!;
            return { ...request, url: request.url.replace(product.targets.cdn, base) };
          },
          stop: () => performance.now() >= endAt,
          onOutcome: (outcome) => stats.add(outcome, false),
        });
        stats.finishReference(referenceMs, {
          server: spent(serverPids),
          restOfProduct: spent(otherPids),
          generator: generatorCpu() - generatorBefore,
        });
      }
    }
    say(report.referenceSummary());
  } finally {
    await nginx.stop();
  }
}

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'skylift-longtail-'));
  const registry = await startLongTailRegistry({ packages, say });
  const checker = new Checker(registry, path.join(work, 'changed-bodies'));
  const report = new Report();
  say(
    `longtail: ${packages} packages generated, served at ${registry.url}; ${connections} connections; phases ${phases.join(', ')}; ${memoryCacheMb === null ? "the launcher's default memory for caches" : `${memoryCacheMb} MB for each process's caches`}; work folder ${work}`,
  );
  let product: Product | null = null;
  let budget: number | null = null;
  const dataDir = path.join(work, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  const served = new Set<string>();
  const recordVersions = report.onFileOutcome((name, version) => served.add(`${name}@${version}`));
  try {
    for (const phase of phases) {
      if (phase === 'eviction') {
        // A quarter of what the steady phase left on disk: the working set no longer fits, and eviction never stops.
        const working = cacheBytes(dataDir);
        budget = Math.max(16 * 1024 * 1024, Math.floor(working / 4));
        await product?.stop();
        product = await startProduct(registry, dataDir, { SKYLIFT_CACHE_BUDGET_BYTES: String(budget) });
      }
      product ??= await startProduct(registry, dataDir);
      await runPhase(phase, product, registry, checker, report, budget);
    }
    if (product && referenceMs > 0) {
      // nginx serves every file from its disk: ours gets the cache's room back (the budget of the eviction phase
      // would have it fetch the long tail again and again) and its files once before the turns.
      if (budget !== null) {
        await product.stop();
        product = await startProduct(registry, dataDir);
      }
      await reference(product, registry, served, report, work);
    }
    const generated = registry.generated();
    say(
      `longtail: the registry made ${generated.versions} versions, ${generated.files} files, ${(generated.bytes / 1e6).toFixed(0)} MB; ${served.size} versions were asked for files; ${checker.recorded} made addresses checked against their first answer`,
    );
    say(report.verdict());
    if (checker.saved)
      say(`longtail: the first and the changed bodies of ${checker.saved} addresses are in ${path.join(work, 'changed-bodies')} (--keep keeps them)`);
  } finally {
    recordVersions();
    await product?.stop();
    await registry.close();
    if (!values.keep) fs.rmSync(work, { recursive: true, force: true });
    else say(`longtail: kept ${work} (product output in data/product-output.log)`);
  }
}

await main();
