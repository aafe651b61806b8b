/**
 * Chaos soak: the product as `npm start` runs it, against the fixture upstreams on loopback, under a steady
 * mix of traffic to every service, while a random process of a random service is killed with SIGKILL every
 * interval. Prints per service the requests, the failures (in flight on a killed process, and all others),
 * the longest wait, the restarts the product reported with their causes, and whether the statistics still
 * match the request log exactly. A benchmark: it asserts nothing, and exits non-zero only on its own errors.
 *
 *   npm run chaos -w @skylift/bench [-- --duration 300 --interval 20 --rate 40 --clients 6 --timeout 5000]
 *   npm run chaos -w @skylift/bench -- --quick        (60 s, a kill every 15 s)
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { startFixtureGitHub, startFixtureRegistry } from '../../server/test/fixtures/upstream/index.ts';
import { freePort } from '../../server/src/testing/freePort.ts';
import { childRunning, descendants, residentMb, serviceProcesses, zombies, type ServiceProcess } from '../../server/src/launcher/testing/processes.ts';
import { isErrorLine, parseRestart, restartsFromMetrics, type Restart } from './restarts.ts';
import { countLog, differences, fetchStats, type LogCounts } from './statistics.ts';
import { buildMix, runTraffic, send, type Outcome, type ServiceUrls } from './traffic.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const SERVICES = ['www', 'cdn', 'data', 'search', 'purge', 'esmrun'] as const;
/** Errors of a connection cut under a request: what a request in flight on a killed process meets. */
const CUT_OFF = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

const { values } = parseArgs({
  options: {
    duration: { type: 'string' },
    interval: { type: 'string' },
    rate: { type: 'string' },
    clients: { type: 'string' },
    timeout: { type: 'string' },
    window: { type: 'string' },
    settle: { type: 'string' },
    quick: { type: 'boolean' },
    keep: { type: 'boolean' },
  },
});
const durationS = Number(values.duration ?? (values.quick ? 60 : 300));
const intervalS = Number(values.interval ?? (values.quick ? 15 : 20));
const rate = Number(values.rate ?? 40);
const clients = Number(values.clients ?? 6);
const timeoutMs = Number(values.timeout ?? 5000);
/** A cut-off request counts as in flight on a killed process when it failed this soon after a kill it started before. */
const windowMs = Number(values.window ?? 2000);
const settleS = Number(values.settle ?? 120);

/** The commit the product ran at, and whether its code had changes not committed yet (figures are kept with it). */
function revision(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const changed = execFileSync('git', ['status', '--porcelain', '--', 'server', 'scripts', 'shared'], { cwd: root, encoding: 'utf8' }).trim();
    return changed ? `${commit} with ${changed.split('\n').length} uncommitted changes under server/, scripts/, shared/` : commit;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

const clock = (): number => performance.now();
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const say = (text: string): void => void process.stdout.write(`${text}\n`);
const seconds = (ms: number): string => (ms / 1000).toFixed(1);

interface Kill {
  at: number;
  victim: ServiceProcess;
  /** A request on a new connection sent 20 ms after the kill: its status or error and how long it took. */
  probe?: Outcome;
  /** When a process of the service that was not there before the kill was first seen. */
  replacedAt?: number;
}

function cleanEnvironment(): Record<string, string> {
  const env: Record<string, string> = {};
  // The benchmark decides every setting of the product it starts; nothing of the caller's is carried over.
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !key.startsWith('SKYLIFT_')) env[key] = value;
  return env;
}

async function waitHealthy(urls: ServiceUrls, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  const pending = new Set(Object.keys(urls));
  while (pending.size) {
    if (Date.now() > deadline) throw new Error(`not answering /healthz after ${limitMs / 1000} s: ${[...pending].join(', ')}`);
    for (const service of [...pending]) {
      const outcome = await send({ service, kind: 'health', method: 'GET', url: `${urls[service]}/healthz` }, false, 2000, clock);
      if (outcome.status === 200) pending.delete(service);
    }
    if (pending.size) await sleep(500);
  }
}

async function main(): Promise<void> {
  const registry = await startFixtureRegistry();
  const github = await startFixtureGitHub();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skylift-chaos-'));
  const env = cleanEnvironment();
  Object.assign(env, {
    SKYLIFT_DATA_DIR: dataDir,
    SKYLIFT_NPM_REGISTRY: registry.url,
    SKYLIFT_GITHUB_API: github.apiUrl,
    SKYLIFT_GITHUB_ARCHIVE: github.archiveUrl,
    // Readme images are never fetched from the real code host during the run.
    SKYLIFT_GITHUB_RAW: github.apiUrl,
    SKYLIFT_LOG_LEVEL: 'warn',
    SKYLIFT_SEARCH_APP_ID: 'CHAOS',
    SKYLIFT_SEARCH_API_KEY: 'chaos-search-key',
    SKYLIFT_SEARCH_INDEX: 'npm-search',
  });
  const urls: ServiceUrls = {};
  for (const service of SERVICES) {
    const port = await freePort();
    env[`SKYLIFT_${service.toUpperCase()}_PORT`] = String(port);
    env[`SKYLIFT_${service.toUpperCase()}_URL`] = `http://127.0.0.1:${port}`;
    urls[service] = `http://127.0.0.1:${port}`;
  }

  // What `npm start` runs, without the website build: the servers start without it (www then answers its
  // pages from whatever build is present, or 404 pages without one).
  const outputFile = path.join(dataDir, 'product-output.log');
  const output = fs.createWriteStream(outputFile);
  const start = spawn(process.execPath, ['scripts/start.mjs', '--no-build'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const restarts: Restart[] = [];
  const errorLines: string[] = [];
  let errorCount = 0;
  for (const stream of [start.stdout, start.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      output.write(`${line}\n`);
      const restart = parseRestart(line, clock());
      if (restart) restarts.push(restart);
      else if (isErrorLine(line)) {
        errorCount++;
        if (errorLines.length < 5) errorLines.push(line.slice(0, 240));
      }
    });
  }
  let launcherPid: number | undefined;
  const cleanup = async (): Promise<number> => {
    // Every process this run started, by pid: the start script, the launcher and everything below it.
    const pids = new Set([start.pid!, ...descendants(start.pid!).map((p) => p.pid)]);
    const stopBegan = clock();
    if (start.exitCode === null && start.signalCode === null) start.kill('SIGTERM');
    const alive = (): number[] =>
      [...pids].filter((pid) => {
        try {
          process.kill(pid, 0);
          return !fs.readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
        } catch {
          return false;
        }
      });
    while (alive().length && clock() - stopBegan < 20_000) await sleep(100);
    const stopMs = clock() - stopBegan;
    for (const pid of alive()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone meanwhile */
      }
    }
    return stopMs;
  };

  try {
    say(`chaos: product starting (data dir ${dataDir}, output in ${outputFile})`);
    await waitHealthy(urls, 180_000);
    launcherPid = childRunning(start.pid!, path.join('server', 'src', 'main.ts'));
    if (!launcherPid) throw new Error('the launcher process was not found under the start script');
    const initial = serviceProcesses(launcherPid);
    say(`chaos: every service answers; launcher ${launcherPid}; service processes:`);
    for (const service of SERVICES) {
      const list = initial.filter((p) => p.service === service);
      say(`  ${service.padEnd(7)} ${list.map((p) => `${p.pid}#${p.slot}`).join(' ') || '(none found)'}`);
    }

    // Warm-up: each package's exact version, the packages whose +esm build succeeds, a GitHub tag.
    const exact = new Map<string, string>();
    const esm: string[] = [];
    let warmAnswers = 0;
    const names = registry.packageNames().filter((name) => !name.startsWith('hostile'));
    for (const name of names) {
      const response = await fetch(`${urls['cdn']}/npm/${name}/package.json`, { signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      warmAnswers++;
      const version = response.headers.get('x-skylift-version');
      if (response.ok && version) exact.set(name, version);
    }
    for (const name of exact.keys()) {
      const response = await fetch(`${urls['cdn']}/npm/${name}/+esm`, { signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      warmAnswers++;
      if (response.ok) esm.push(name);
    }
    const gh = { repo: 'skylift-fixtures/tagged', tag: 'v1.1.0' };
    say(`chaos: warmed ${exact.size} packages (${esm.length} with a +esm build)`);
    // Without the website's build the web server answers its pages 503 by design: they are left out then.
    const pages = fs.existsSync(path.join(root, 'shell', 'dist', 'index.html'));
    if (!pages) say('chaos: the website is not built (npm run build): its pages are left out of the mix, its other addresses stay in');
    const mix = buildMix({
      urls,
      pages,
      exact,
      esm,
      gh,
      search: { appId: env['SKYLIFT_SEARCH_APP_ID']!, apiKey: env['SKYLIFT_SEARCH_API_KEY']!, indexName: env['SKYLIFT_SEARCH_INDEX']! },
    });

    // Traffic and kills.
    const outcomes: Outcome[] = [];
    const kills: Kill[] = [];
    const watchers: Array<Promise<unknown>> = [];
    const restartsBefore = restarts.length;
    const began = clock();
    const endAt = began + durationS * 1000;
    say(
      `chaos: ${durationS} s of traffic at ${rate} requests/s from ${clients} clients (timeout ${timeoutMs} ms), SIGKILL of a random service process every ${intervalS} s`,
    );
    const traffic = runTraffic({
      mix,
      clients,
      rate,
      timeoutMs,
      newConnectionShare: 0.5,
      clock,
      stopAt: () => clock() >= endAt,
      onOutcome: (outcome) => outcomes.push(outcome),
    });
    const progress = setInterval(() => {
      const failed = outcomes.filter((o) => o.error || (o.status ?? 0) >= 500).length;
      const processes = serviceProcesses(launcherPid!);
      const counts = SERVICES.map((s) => `${s} ${processes.filter((p) => p.service === s).length}`).join(', ');
      say(`  ${seconds(clock() - began).padStart(6)} s  ${outcomes.length} requests, ${failed} failed, ${kills.length} kills; processes: ${counts}`);
    }, 10_000);
    const killer = (async () => {
      for (let next = began + intervalS * 1000; next < endAt - 1000; next += intervalS * 1000) {
        await sleep(next - clock());
        const processes = serviceProcesses(launcherPid!);
        const services = [...new Set(processes.map((p) => p.service))];
        if (!services.length) continue;
        const service = services[Math.floor(Math.random() * services.length)]!;
        const candidates = processes.filter((p) => p.service === service);
        const victim = candidates[Math.floor(Math.random() * candidates.length)]!;
        const before = new Set(candidates.map((p) => p.pid));
        const kill: Kill = { at: clock(), victim };
        try {
          process.kill(victim.pid, 'SIGKILL');
        } catch {
          continue;
        }
        kills.push(kill);
        say(`  ${seconds(kill.at - began).padStart(6)} s  SIGKILL ${service} pid ${victim.pid} slot ${victim.slot}`);
        // A client arriving just after the death: answered within a second, or left waiting?
        watchers.push(
          sleep(20)
            .then(() => send({ service, kind: 'probe', method: 'GET', url: `${urls[service]}/healthz` }, false, 15_000, clock))
            .then((probe) => (kill.probe = probe)),
        );
        watchers.push(
          (async () => {
            while (kill.replacedAt === undefined && clock() - kill.at < 60_000) {
              if (serviceProcesses(launcherPid!).some((p) => p.service === service && !before.has(p.pid))) kill.replacedAt = clock();
              else await sleep(100);
            }
          })(),
        );
      }
    })();
    await Promise.all([traffic, killer]);
    clearInterval(progress);
    const trafficMs = clock() - began;
    say(`chaos: traffic stopped after ${seconds(trafficMs)} s; waiting for replacements and the statistics to settle`);
    await Promise.all([sleep(5000), ...watchers]);

    // Restarts as each service's /metrics reports them.
    const metricRestarts = new Map<string, number>();
    for (const service of SERVICES) {
      const probe = await fetch(`${urls[service]}/metrics`, { signal: AbortSignal.timeout(5000) }).catch(() => undefined);
      if (!probe?.ok) continue;
      for (const [key, count] of restartsFromMetrics(await probe.text())) metricRestarts.set(key, Math.max(metricRestarts.get(key) ?? 0, count));
    }

    // Statistics against the request log, once the ingester has caught up (or stopped moving).
    const settleBegan = clock();
    let log: LogCounts = countLog(dataDir);
    let diff: string[] = ['not compared'];
    let last = '';
    let unchangedSince = clock();
    while (clock() - settleBegan < settleS * 1000) {
      log = countLog(dataDir);
      try {
        diff = differences(log, await fetchStats(urls['data']!));
      } catch (error) {
        diff = [`statistics unavailable: ${error instanceof Error ? error.message : String(error)}`];
      }
      if (!diff.length) break;
      const now = JSON.stringify(diff);
      if (now !== last) [last, unchangedSince] = [now, clock()];
      else if (clock() - unchangedSince > 30_000) break;
      await sleep(2000);
    }
    const settleMs = clock() - settleBegan;
    const finalProcesses = serviceProcesses(launcherPid).map((p) => ({ ...p, mb: residentMb(p.pid) }));
    const zombieCount = zombies(launcherPid);
    const stopMs = await cleanup();

    report({ outcomes, kills, restarts: restarts.slice(restartsBefore), metricRestarts, began, trafficMs });
    say('');
    say('processes at the end (resident MB):');
    for (const service of SERVICES) {
      const list = finalProcesses.filter((p) => p.service === service);
      say(`  ${service.padEnd(7)} ${list.length} process${list.length === 1 ? '' : 'es'}, ${list.reduce((n, p) => n + p.mb, 0)} MB`);
    }
    say(`zombie processes under the launcher at the end: ${zombieCount}`);
    say(`error lines in the product's output: ${errorCount}${errorLines.length ? `, first ${errorLines.length}:` : ''}`);
    for (const line of errorLines) say(`  ${line}`);
    say('');
    say(
      `statistics vs request log (${log.lines} lines, ${log.unreadable} unreadable, ${log.trailing} bytes of an unfinished line): ${
        diff.length ? 'DIFFER' : 'match exactly'
      } after ${seconds(settleMs)} s`,
    );
    for (const line of diff.slice(0, 20)) say(`  ${line}`);
    // Each answer the CDN sent should have its log line; a process killed before its batch reached the disk takes the lines with it.
    const cdnAnswers = warmAnswers + outcomes.filter((o) => o.service === 'cdn' && o.status !== undefined).length;
    say(
      `CDN answers the clients received: ${cdnAnswers}; lines in the request log: ${log.lines} (${log.lines - cdnAnswers >= 0 ? '+' : ''}${log.lines - cdnAnswers})`,
    );
    say(`stop (SIGTERM to the start script until every process exited): ${seconds(stopMs)} s`);
  } finally {
    await cleanup();
    output.end();
    await registry.close();
    await github.close();
    if (values.keep) say(`chaos: data dir kept: ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

interface ReportInput {
  outcomes: Outcome[];
  kills: Kill[];
  restarts: Restart[];
  metricRestarts: Map<string, number>;
  began: number;
  trafficMs: number;
}

/** The failure class of an outcome: undefined for an answer below 500. */
function failureOf(outcome: Outcome, kills: readonly Kill[]): 'in flight' | string | undefined {
  if (!outcome.error && (outcome.status ?? 0) < 500) return undefined;
  if (outcome.error && CUT_OFF.has(outcome.error)) {
    const killed = kills.some((k) => k.victim.service === outcome.service && k.at >= outcome.start && k.at <= outcome.end && outcome.end - k.at <= windowMs);
    if (killed) return 'in flight';
    if (outcome.reusedSocket) return 'stale keep-alive';
  }
  if (outcome.error) return outcome.error === 'TIMEOUT' ? 'timeout' : outcome.error;
  return String(outcome.status);
}

function report({ outcomes, kills, restarts, metricRestarts, began, trafficMs }: ReportInput): void {
  say('');
  say(`chaos soak at ${revision()}, ${new Date().toISOString().slice(0, 16)}Z`);
  say(`chaos soak: ${seconds(trafficMs)} s, ${outcomes.length} requests, ${kills.length} kills (SIGKILL), time limit ${timeoutMs} ms`);
  say('');
  const header = ['service', 'requests', '2xx/3xx', '4xx', 'in flight', 'other fail', 'longest ms', 'p99 ms', 'kills', 'restarts'];
  const widths = [8, 9, 8, 6, 10, 11, 11, 8, 6, 9];
  const row = (cells: Array<string | number>): string =>
    cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]!) : String(c).padStart(widths[i]!))).join(' ');
  say(row(header));
  const others = new Map<string, Map<string, number>>();
  for (const service of SERVICES) {
    const mine = outcomes.filter((o) => o.service === service);
    const waits = mine.map((o) => o.end - o.start).sort((a, b) => a - b);
    let inFlight = 0;
    const other = new Map<string, number>();
    for (const outcome of mine) {
      const failure = failureOf(outcome, kills);
      if (failure === 'in flight') inFlight++;
      else if (failure) other.set(failure, (other.get(failure) ?? 0) + 1);
    }
    others.set(service, other);
    say(
      row([
        service,
        mine.length,
        mine.filter((o) => (o.status ?? 0) >= 200 && (o.status ?? 0) < 400).length,
        mine.filter((o) => (o.status ?? 0) >= 400 && (o.status ?? 0) < 500).length,
        inFlight,
        [...other.values()].reduce((a, b) => a + b, 0),
        waits.length ? Math.round(waits[waits.length - 1]!) : '-',
        waits.length ? Math.round(waits[Math.min(waits.length - 1, Math.floor(0.99 * waits.length))]!) : '-',
        kills.filter((k) => k.victim.service === service).length,
        restarts.filter((r) => r.service === service).length,
      ]),
    );
  }
  say('');
  say('other failures by cause (stale keep-alive: a reused idle connection found closed when the request was sent):');
  for (const [service, other] of others) {
    if (other.size) say(`  ${service.padEnd(7)} ${[...other].map(([cause, n]) => `${cause} ${n}`).join(', ')}`);
  }
  if (![...others.values()].some((m) => m.size)) say('  none');
  say('');
  say('kills (probe: GET /healthz on a new connection 20 ms after the kill; replaced: a new process of the service seen in /proc):');
  for (const kill of kills) {
    const probe = kill.probe;
    const answer = !probe
      ? 'no result'
      : probe.error
        ? `${probe.error} after ${Math.round(probe.end - probe.start)} ms`
        : `${probe.status} in ${Math.round(probe.end - probe.start)} ms`;
    const replaced = kill.replacedAt === undefined ? 'not replaced' : `replaced after ${seconds(kill.replacedAt - kill.at)} s`;
    say(
      `  ${seconds(kill.at - began).padStart(6)} s  ${kill.victim.service.padEnd(7)} pid ${String(kill.victim.pid).padEnd(8)}slot ${kill.victim.slot}  probe ${answer}; ${replaced}`,
    );
  }
  say('');
  say('restarts logged by the launcher, by cause:');
  const byCause = new Map<string, number>();
  for (const restart of restarts) byCause.set(`${restart.service}\t${restart.cause}`, (byCause.get(`${restart.service}\t${restart.cause}`) ?? 0) + 1);
  for (const [key, count] of byCause) say(`  ${key.replace('\t', ': ')} x${count}`);
  if (!byCause.size) say('  none logged');
  say('restarts on /metrics (skylift_process_restarts_total), by cause:');
  for (const [key, count] of metricRestarts) say(`  ${key.replace('\t', ': ')} ${count}`);
  if (!metricRestarts.size) say('  not reported');
  const unexpected = restarts.filter((r) => r.cause !== 'signal SIGKILL');
  if (unexpected.length) say(`restarts not caused by a kill of this run: ${unexpected.map((r) => `${r.service} (${r.cause})`).join(', ')}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
