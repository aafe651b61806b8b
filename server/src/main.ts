/**
 * Starts the services named on the command line (`--services cdn,www`), or all of them, on localhost with
 * the embedded defaults, and prints where each one listens.
 *
 * This process is the launcher (launcher/supervisor.ts): every service runs in processes of its own
 * (`SKYLIFT_<SERVICE>_PROCESSES`), each a direct child of the launcher, which replaces any that dies and
 * drains them all on SIGINT/SIGTERM. The same file is what each of those processes runs
 * (launcher/serviceProcess.ts). `--one-process` runs every wanted service in this process instead.
 */
import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SERVICE_NAMES, type ServiceName, loadConfig } from './config/config.ts';
import { drainBoundMs } from './launcher/drain.ts';
import { installFaultHandler } from './launcher/faultHandler.ts';
import { bindServiceSockets } from './launcher/listeningSockets.ts';
import { processCount } from './launcher/processCounts.ts';
import { SERVICE_ENV } from './launcher/processRole.ts';
import { runInOneProcess, runServiceProcess } from './launcher/serviceProcess.ts';
import { supervise } from './launcher/supervisor.ts';
import { SERVICE_BUILDERS } from './services.ts';

function wantedServices(listed: string | undefined): ServiceName[] {
  const wanted = (listed ?? process.env['SKYLIFT_SERVICES'] ?? Object.keys(SERVICE_BUILDERS).join(','))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const name of wanted) {
    if (!SERVICE_NAMES.includes(name as ServiceName)) {
      throw new Error(`Unknown service "${name}". Known: ${Object.keys(SERVICE_BUILDERS).join(', ')}`);
    }
  }
  return wanted as ServiceName[];
}

async function main(): Promise<void> {
  const config = loadConfig();
  const drainMs = drainBoundMs();
  if (cluster.isWorker) return runServiceProcess(config, wantedServices(process.env[SERVICE_ENV]!)[0]!, drainMs);
  const { values } = parseArgs({ options: { services: { type: 'string' }, 'one-process': { type: 'boolean' } } });
  const services = wantedServices(values.services);
  if (values['one-process'] || process.env['SKYLIFT_ONE_PROCESS'] === '1') return runInOneProcess(config, services, drainMs);
  installFaultHandler({ service: 'launcher' });
  const sockets = await bindServiceSockets(config, services);
  supervise({
    config,
    services,
    processes: new Map(services.map((name) => [name, processCount(name)])),
    sockets,
    drainMs,
    entry: fileURLToPath(import.meta.url),
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
