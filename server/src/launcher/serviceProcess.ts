/**
 * Running services in this process: as one process of one service under the launcher (a cluster worker),
 * or every wanted service at once (`--one-process`). Either way an app is built, made ready (the warm-up
 * its first request would otherwise pay: query threads, databases) and only then listens; a stop signal,
 * or the launcher going away, drains the apps and exits.
 */
import type { FastifyInstance, FastifyListenOptions } from 'fastify';
import { BRAND } from '@skylift/shared/brand';
import type { Config, ServiceName } from '../config/config.ts';
import { SERVICE_BUILDERS } from '../services.ts';
import { drainApps } from './drain.ts';
import { installFaultHandler } from './faultHandler.ts';
import { writeLogLine } from './logLine.ts';
import type { LauncherMessage } from '../ipc/messages.ts';
import { currentRole, processSlot } from './processRole.ts';

type Stop = (reason: string) => void;

/** Calls `stop` once on SIGINT, SIGTERM, or (under the launcher) when the launcher is gone. */
function onStopSignals(stop: Stop): void {
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  if (process.send) process.once('disconnect', () => stop('launcher gone'));
}

/** The service's socket from the launcher, which binds it once and holds it (listeningSockets.ts). */
function launcherSocket(): Promise<{ handle: object; address: string }> {
  return new Promise((resolve) => {
    const onMessage = (message: LauncherMessage, handle: unknown): void => {
      if (message?.type !== 'listen-socket' || !handle) return;
      process.off('message', onMessage);
      resolve({ handle: handle as object, address: message.address! });
    };
    process.on('message', onMessage);
    process.send!({ type: 'listen-socket' } satisfies LauncherMessage);
  });
}

async function startApp(config: Config, name: ServiceName): Promise<FastifyInstance> {
  const build = await SERVICE_BUILDERS[name]();
  const app = await build(config, currentRole());
  await app.ready();
  return app;
}

function stopper(apps: FastifyInstance[], drainMs: number, context: Record<string, unknown>): { stop: Stop; stopping: () => boolean } {
  let stopping = false;
  const stop: Stop = (reason) => {
    if (stopping) return;
    stopping = true;
    void drainApps(apps, drainMs).then((inTime) => {
      if (!inTime) writeLogLine('warn', 'requests still running at the end of the drain were cut', { ...context, pid: process.pid, reason, drainMs });
      process.exit(0);
    });
  };
  return { stop, stopping: () => stopping };
}

/** One process of one service, under the launcher. */
export async function runServiceProcess(config: Config, name: ServiceName, drainMs: number): Promise<void> {
  const context = { service: name, slot: processSlot() };
  installFaultHandler(context);
  const apps: FastifyInstance[] = [];
  const { stop, stopping } = stopper(apps, drainMs, context);
  onStopSignals(stop);
  // Answers the purges the launcher relays (with 0 when this process holds no package store).
  await import('../purgefanout/fanout.ts');
  const app = await startApp(config, name);
  apps.push(app);
  if (stopping()) return stop('stopped while starting');
  const { handle, address } = await launcherSocket();
  // Node's listen takes a bound handle in its options; the host (an address, not a name) keeps Fastify to it.
  await app.listen({ host: address, port: config.services[name].port, handle } as FastifyListenOptions);
  process.send?.({ type: 'ready' } satisfies LauncherMessage);
}

/** Every wanted service in this process (`--one-process`). */
export async function runInOneProcess(config: Config, names: readonly ServiceName[], drainMs: number): Promise<void> {
  installFaultHandler({ service: names.join(',') });
  const apps: FastifyInstance[] = [];
  const { stop } = stopper(apps, drainMs, { service: names.join(',') });
  onStopSignals(stop);
  for (const name of names) {
    const app = await startApp(config, name);
    apps.push(app);
    await app.listen({ host: config.host, port: config.services[name].port });
    process.stdout.write(`${name.padEnd(7)} ${config.services[name].publicUrl}\n`);
  }
  if (names.includes('www')) process.stdout.write(`\n${BRAND.name} is running: open ${config.services.www.publicUrl}\n`);
}
