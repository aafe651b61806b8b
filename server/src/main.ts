/**
 * Starts the services named on the command line (`--services cdn,www`), or all of them, on localhost
 * with the embedded defaults, and prints where each one listens.
 *
 * Each service runs in a process of its own, so none can stall another (a CPU-bound request in one leaves
 * the others answering); the CDN runs one worker per core (SKYLIFT_CDN_WORKERS), sharing its port. The
 * launcher restarts a service process that dies, stops them all on SIGINT/SIGTERM, and relays purges between
 * them (purgefanout/fanout.ts). `--one-process` runs everything in this process instead.
 */
import cluster from 'node:cluster';
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { BRAND } from '@skylift/shared/brand';
import { SERVICE_NAMES, type Config, type ServiceName, loadConfig } from './config/config.ts';
import type { PurgeMessage } from './purgefanout/fanout.ts';
import type { PackageRef } from './packages/types.ts';
import { SERVICE_BUILDERS } from './services.ts';

type LaunchMessage = PurgeMessage | { type: 'ready'; workers?: number };

const RESTART_DELAY_MS = 1000;
const RELAY_TIMEOUT_MS = 4000;

/** How many CDN workers: SKYLIFT_CDN_WORKERS, or one per core. */
function cdnWorkers(): number {
  const wanted = Number.parseInt(process.env['SKYLIFT_CDN_WORKERS'] ?? '', 10);
  return Number.isInteger(wanted) && wanted > 0 ? wanted : os.availableParallelism();
}

/**
 * Sends a purge to every peer and answers the sender with the sum of holders that forgot, when all have
 * answered or after a time limit.
 */
class PurgeRelay {
  private next = 1;
  private readonly pending = new Map<number, { left: number; count: number; finish: () => void }>();

  broadcast(peers: ReadonlyArray<{ send?: (message: LaunchMessage) => unknown }>, refs: PackageRef[], done: (count: number) => void): void {
    if (peers.length === 0) return done(0);
    const id = this.next++;
    const entry = { left: peers.length, count: 0, finish: () => {} };
    const timer = setTimeout(() => entry.finish(), RELAY_TIMEOUT_MS);
    entry.finish = () => {
      clearTimeout(timer);
      if (this.pending.delete(id)) done(entry.count);
    };
    this.pending.set(id, entry);
    for (const peer of peers) peer.send?.({ type: 'purge-apply', id, refs });
  }

  applied(message: { id: number; count: number }): void {
    const entry = this.pending.get(message.id);
    if (!entry) return;
    entry.count += message.count;
    if (--entry.left === 0) entry.finish();
  }
}

async function runHere(config: Config, wanted: ServiceName[]): Promise<void> {
  const apps: FastifyInstance[] = [];
  const shutdown = async (): Promise<void> => {
    await Promise.allSettled(apps.map((app) => app.close()));
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  // A service process whose launcher is gone stops too; it answers relayed purges (with 0 when it holds no store).
  if (process.send) {
    process.once('disconnect', shutdown);
    await import('./purgefanout/fanout.ts');
  }

  for (const name of wanted) {
    const build = await SERVICE_BUILDERS[name]!();
    const app = await build(config);
    await app.listen({ host: config.host, port: config.services[name].port });
    apps.push(app);
    if (!cluster.isWorker) process.stdout.write(`${name.padEnd(7)} ${config.services[name].publicUrl}\n`);
  }
  process.send?.({ type: 'ready' } satisfies LaunchMessage);
  if (!process.send && wanted.includes('www')) process.stdout.write(`\n${BRAND.name} is running: open ${config.services.www.publicUrl}\n`);
}

/** The CDN's primary: one worker per core on the shared port, restarted when one dies, purges passed on to all. */
function runCdnPrimary(config: Config): void {
  const count = cdnWorkers();
  const relay = new PurgeRelay();
  let stopping = false;
  let ready = 0;
  cluster.setupPrimary({ execArgv: process.execArgv });
  const spawnWorker = (): void => {
    const worker = cluster.fork();
    worker.on('message', (message: LaunchMessage) => {
      if (message?.type === 'ready' && ++ready === count) {
        process.stdout.write(`cdn     ${config.services.cdn.publicUrl} (${count} worker${count === 1 ? '' : 's'})\n`);
        process.send?.({ type: 'ready', workers: count } satisfies LaunchMessage);
      } else if (message?.type === 'purge-applied') relay.applied(message);
    });
    worker.on('exit', () => {
      if (!stopping) setTimeout(spawnWorker, RESTART_DELAY_MS);
    });
  };
  for (let i = 0; i < count; i++) spawnWorker();
  process.on('message', (message: LaunchMessage) => {
    if (message?.type !== 'purge-apply') return;
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    relay.broadcast(workers, message.refs, (total) => process.send?.({ type: 'purge-applied', id: message.id, count: total } satisfies LaunchMessage));
  });
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    cluster.disconnect(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  process.once('disconnect', stop);
}

/** The launcher: a process per service, restarted when it dies; purges relayed between them. */
function supervise(config: Config, wanted: ServiceName[]): void {
  const children = new Map<ServiceName, ChildProcess>();
  const relay = new PurgeRelay();
  let stopping = false;
  const started = new Set<ServiceName>();
  const start = (name: ServiceName): void => {
    const child = fork(fileURLToPath(import.meta.url), ['--services', name], {
      env: { ...process.env, SKYLIFT_SERVICE_PROCESS: name },
      execArgv: process.execArgv,
      stdio: 'inherit',
    });
    children.set(name, child);
    child.on('message', (message: LaunchMessage) => {
      if (message?.type === 'ready') {
        if (started.size === wanted.length) return;
        started.add(name);
        if (started.size === wanted.length && wanted.includes('www'))
          process.stdout.write(`\n${BRAND.name} is running: open ${config.services.www.publicUrl}\n`);
      } else if (message?.type === 'purge') {
        const others = [...children].filter(([other]) => other !== name).map(([, process]) => process);
        relay.broadcast(others, message.refs, (count) => child.send({ type: 'purge-done', id: message.id, count } satisfies LaunchMessage));
      } else if (message?.type === 'purge-applied') relay.applied(message);
    });
    child.on('exit', (code, signal) => {
      if (children.get(name) === child) children.delete(name);
      if (stopping) {
        if (children.size === 0) process.exit(0);
        return;
      }
      process.stderr.write(`${name}: the service process stopped (${signal ?? `code ${code}`}); starting it again\n`);
      setTimeout(() => start(name), RESTART_DELAY_MS);
    });
  };
  for (const name of wanted) start(name);
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    if (children.size === 0) process.exit(0);
    for (const child of children.values()) child.kill('SIGTERM');
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { services: { type: 'string' }, 'one-process': { type: 'boolean' } } });
  const wanted = (values.services ?? process.env['SKYLIFT_SERVICES'] ?? Object.keys(SERVICE_BUILDERS).join(','))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const name of wanted) {
    if (!SERVICE_NAMES.includes(name as ServiceName) || !SERVICE_BUILDERS[name as ServiceName]) {
      throw new Error(`Unknown service "${name}". Known: ${Object.keys(SERVICE_BUILDERS).join(', ')}`);
    }
  }
  const config = loadConfig();
  const services = wanted as ServiceName[];
  if (cluster.isWorker) return runHere(config, services);
  if (values['one-process'] || process.env['SKYLIFT_ONE_PROCESS'] === '1') return runHere(config, services);
  if (services.length > 1) return supervise(config, services);
  if (services[0] === 'cdn' && cdnWorkers() > 1) return runCdnPrimary(config);
  return runHere(config, services);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
