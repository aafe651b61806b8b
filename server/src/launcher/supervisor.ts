/**
 * The launcher: the single supervisor of every process of every service, each a cluster worker of this
 * process. Workers of a service accept on the one listening socket the launcher bound for it and holds
 * (listeningSockets.ts): the kernel queues connections on the socket and only a live process takes them, so a
 * killed process is never handed a new connection (round-robin handed it the next one and that request hung),
 * and with every process of a service down at once, connections wait for the replacement rather than being
 * refused.
 *
 * Slot 0 of each service is its leader; the other slots are started once the leader is ready, so that the
 * leader's start-up writes (a search index bootstrapped from the catalog) meet no second writer. A process
 * that dies is logged (`process restarted`, with its cause), counted, and replaced at once, or after a
 * growing delay when its slot keeps dying quickly (restartPolicy.ts). On SIGINT or SIGTERM every process is
 * told to drain; the launcher exits when all have, killing any still there past the drain bound.
 */
import cluster, { type Worker } from 'node:cluster';
import crypto from 'node:crypto';
import { BRAND } from '@skylift/shared/brand';
import type { Config, ServiceName } from '../config/config.ts';
import { machineMemoryBytes, machineMemoryCacheBytes } from '../config/memoryCaches.ts';
import { errorField, writeLogLine } from './logLine.ts';
import { RESTARTS_ENV, type LauncherMessage } from '../ipc/messages.ts';
import { ROLE_ENV, SERVICE_ENV, SLOT_ENV, roleOfSlot } from './processRole.ts';
import { PurgeRelay } from './purgeRelay.ts';
import { RestartPolicy } from './restartPolicy.ts';
import { RestartTally } from './restartTally.ts';
import type { ServiceSocket } from './listeningSockets.ts';
import { sendToProcess } from './sendToProcess.ts';

/** Past the drain bound, the time a process gets to exit before it is killed. */
const EXIT_GRACE_MS = 5000;

export interface SuperviseOptions {
  config: Config;
  services: readonly ServiceName[];
  processes: ReadonlyMap<ServiceName, number>;
  /** Each service's bound socket, handed to its processes when they are ready to listen. */
  sockets: ReadonlyMap<ServiceName, ServiceSocket>;
  drainMs: number;
  /** The module a worker runs (main.ts). */
  entry: string;
}

interface Slot {
  service: ServiceName;
  index: number;
  worker: Worker | undefined;
  startedAt: number;
  ready: boolean;
  policy: RestartPolicy;
  timer: NodeJS.Timeout | undefined;
}

export function supervise(options: SuperviseOptions): void {
  const { config, services, processes, drainMs, sockets } = options;
  // Any other server a process opens through the cluster module is shared the same way. Frozen by setupPrimary.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  cluster.setupPrimary({ exec: options.entry, args: [], execArgv: process.execArgv });

  const slots = new Map<ServiceName, Slot[]>();
  for (const service of services) {
    slots.set(
      service,
      Array.from({ length: processes.get(service) ?? 1 }, (_, index) => ({
        service,
        index,
        worker: undefined,
        startedAt: 0,
        ready: false,
        policy: new RestartPolicy(),
        timer: undefined,
      })),
    );
  }
  const allSlots = (): Slot[] => [...slots.values()].flat();
  const tally = new RestartTally();
  const relay = new PurgeRelay();
  const followersStarted = new Set<ServiceName>();
  const announced = new Set<ServiceName>();
  // The caches of every CDN and data API process: the operator's figure, or a share of the machine's memory.
  const memoryCacheBytes =
    process.env['SKYLIFT_MEMORY_CACHE_BYTES']?.trim() ||
    String(machineMemoryCacheBytes(machineMemoryBytes(), (processes.get('cdn') ?? 0) + (processes.get('data') ?? 0)));
  // Challenges signed by one purge process must verify in the others: one key for all, random per start.
  const altchaKey = process.env['SKYLIFT_ALTCHA_HMAC_KEY'] || crypto.randomBytes(32).toString('hex');
  let stopping = false;

  const readyPeers = (except?: Worker) =>
    allSlots()
      .filter((slot) => slot.ready && slot.worker && slot.worker !== except)
      .map((slot) => ({ id: slot.worker!.id, send: (message: LauncherMessage) => sendToProcess(slot.worker!, message) }));

  const startFollowers = (service: ServiceName): void => {
    if (followersStarted.has(service) || stopping) return;
    followersStarted.add(service);
    for (const slot of slots.get(service)!.slice(1)) fork(slot);
  };

  const onReady = (slot: Slot): void => {
    slot.ready = true;
    if (slot.index === 0) startFollowers(slot.service);
    const own = slots.get(slot.service)!;
    if (announced.has(slot.service) || !own.every((each) => each.ready)) return;
    announced.add(slot.service);
    const count = own.length;
    process.stdout.write(`${slot.service.padEnd(7)} ${config.services[slot.service].publicUrl} (${count} process${count === 1 ? '' : 'es'})\n`);
    if (announced.size === services.length && services.includes('www')) {
      process.stdout.write(`\n${BRAND.name} is running: open ${config.services.www.publicUrl}\n`);
    }
  };

  const onExit = (slot: Slot, worker: Worker, code: number | null, signal: string | null): void => {
    relay.gone(worker.id);
    if (slot.worker !== worker) return;
    slot.worker = undefined;
    slot.ready = false;
    if (stopping) {
      if (allSlots().every((each) => !each.worker)) process.exit(0);
      return;
    }
    const cause = signal ? `signal ${signal}` : `exit code ${code}`;
    const restarts = tally.add(slot.service, cause);
    writeLogLine('warn', 'process restarted', { service: slot.service, slot: slot.index, pid: worker.process.pid, cause, restarts });
    const counts = tally.list();
    for (const each of allSlots()) if (each.worker) sendToProcess(each.worker, { type: 'restarts', counts } satisfies LauncherMessage);
    // A leader that never came up must not keep its followers from trying.
    if (slot.index === 0) startFollowers(slot.service);
    const delayMs = slot.policy.delayAfterDeath(Date.now() - slot.startedAt);
    if (delayMs === 0) fork(slot);
    else slot.timer = setTimeout(() => fork(slot), delayMs);
  };

  const fork = (slot: Slot): void => {
    slot.timer = undefined;
    if (stopping) return;
    const worker = cluster.fork({
      [SERVICE_ENV]: slot.service,
      [SLOT_ENV]: String(slot.index),
      [ROLE_ENV]: roleOfSlot(slot.index),
      [RESTARTS_ENV]: JSON.stringify(tally.list()),
      SKYLIFT_ALTCHA_HMAC_KEY: altchaKey,
      // glibc gives each thread that allocates its own arena (up to eight per core), and a buffer freed by another
      // thread than the one that made it stays in that arena: the CDN's processes held about twice their live
      // buffers in malloc'd memory. Two arenas bound that for every thread of the process.
      MALLOC_ARENA_MAX: process.env['MALLOC_ARENA_MAX'] ?? '2',
      // glibc raises its mmap threshold to the largest block freed (up to 32 MB): after the first large file, every
      // buffer up to that size came from the arenas, whose holes a CDN process kept. Fixed at 128 kB, larger
      // buffers are mapped and given back when freed: its allocator held 244 to 254 MB at the end of 15 minutes of
      // the long-tail soak's eviction, against 306 to 322 MB, for as many requests.
      MALLOC_MMAP_THRESHOLD_: process.env['MALLOC_MMAP_THRESHOLD_'] ?? '131072',
      SKYLIFT_MEMORY_CACHE_BYTES: memoryCacheBytes,
    });
    slot.worker = worker;
    slot.startedAt = Date.now();
    slot.ready = false;
    worker.on('message', (message: LauncherMessage) => {
      if (message?.type === 'ready') onReady(slot);
      else if (message?.type === 'listen-socket') {
        const socket = sockets.get(slot.service)!;
        sendToProcess(worker, { type: 'listen-socket', address: socket.address } satisfies LauncherMessage, socket.handle as never);
      } else if (message?.type === 'purge') {
        relay.broadcast(readyPeers(worker), message.refs, (count) => {
          sendToProcess(worker, { type: 'purge-done', id: message.id, count } satisfies LauncherMessage);
        });
      } else if (message?.type === 'purge-applied') relay.applied(worker.id, message);
      else if (message?.type === 'stats-ingested') {
        // Every other process of the service drops its cached figures of those days (../data/ingestNotices.ts).
        for (const peer of slots.get(slot.service)!) {
          if (peer.worker && peer.worker !== worker) sendToProcess(peer.worker, message);
        }
      }
    });
    worker.on('exit', (code, signal) => onExit(slot, worker, code, signal));
    // A cluster worker raises what its process fails at (a signal it could not be sent) as an `error` event,
    // which unheard would end the launcher and every process with it: it costs only a line.
    worker.on('error', (error) =>
      writeLogLine('warn', 'a process could not be reached', { service: slot.service, slot: slot.index, pid: worker.process.pid, err: errorField(error) }),
    );
  };

  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    for (const slot of allSlots()) clearTimeout(slot.timer);
    // Once the processes close theirs, new connections are refused rather than left waiting for nobody.
    for (const socket of sockets.values()) socket.handle.close();
    const live = allSlots().flatMap((slot) => (slot.worker ? [slot.worker] : []));
    if (live.length === 0) process.exit(0);
    // A signal, not a message: it also stops a process still loading its modules.
    for (const worker of live) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of live) if (!worker.isDead()) worker.process.kill('SIGKILL');
    }, drainMs + EXIT_GRACE_MS).unref();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  for (const service of services) fork(slots.get(service)![0]!);
}
