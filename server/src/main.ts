/**
 * Starts the services named on the command line (`--services cdn,www`), or all of them, on localhost
 * with the embedded defaults, and prints where each one listens.
 */
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { BRAND } from '@skylift/shared/brand';
import { SERVICE_NAMES, type ServiceName, loadConfig } from './config/config.ts';
import { SERVICE_BUILDERS } from './services.ts';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { services: { type: 'string' } } });
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
  const apps: FastifyInstance[] = [];
  const shutdown = async (): Promise<void> => {
    await Promise.allSettled(apps.map((app) => app.close()));
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  for (const name of wanted as ServiceName[]) {
    const build = await SERVICE_BUILDERS[name]!();
    const app = await build(config);
    await app.listen({ host: config.host, port: config.services[name].port });
    apps.push(app);
    process.stdout.write(`${name.padEnd(7)} ${config.services[name].publicUrl}\n`);
  }
  if (wanted.includes('www')) process.stdout.write(`\n${BRAND.name} is running: open ${config.services.www.publicUrl}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
