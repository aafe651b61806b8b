/**
 * Starts the CDN alone on 127.0.0.1 (a free port) against the upstream URLs in the environment, and prints
 * `{"url": ...}` on one line when it listens. The benchmark runs it as a child process so that the load
 * generator does not share its event loop. With BENCH_CDN_WORKERS above 1 it runs that many workers on the
 * one port (Node's cluster), as `npm start` runs the CDN with one worker per core.
 */
import cluster from 'node:cluster';
import { loadConfig } from '../../server/src/config/config.ts';
import { buildCdnApp } from '../../server/src/cdn/app.ts';
import { freePort } from '../../server/src/testing/freePort.ts';

const workers = Math.max(1, Number(process.env['BENCH_CDN_WORKERS'] ?? 1));
// Each worker accepts on the shared socket itself, as under the launcher (server/src/launcher/supervisor.ts):
// with Node's default the primary accepts every connection and passes it on, a cost `npm start` does not pay.
cluster.schedulingPolicy = cluster.SCHED_NONE;

async function serve(port: number): Promise<string> {
  const config = loadConfig({ ...process.env, SKYLIFT_LOG_LEVEL: 'warn' });
  const app = await buildCdnApp(config);
  const address = await app.listen({ host: '127.0.0.1', port });
  const stop = async (): Promise<void> => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return address;
}

if (workers === 1) {
  process.stdout.write(`${JSON.stringify({ url: await serve(0) })}\n`);
} else if (cluster.isPrimary) {
  // The primary picks the port; every worker listens on it, and the primary shares the connections out.
  const port = await freePort();
  cluster.setupPrimary({ execArgv: process.execArgv });
  let listening = 0;
  for (let i = 0; i < workers; i++) {
    cluster.fork({ BENCH_CDN_PORT: String(port) }).on('message', (message: { url?: string }) => {
      if (message.url && ++listening === workers) process.stdout.write(`${JSON.stringify({ url: message.url, workers })}\n`);
    });
  }
  const stop = (): void => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    cluster.disconnect(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
} else {
  process.send!({ url: await serve(Number(process.env['BENCH_CDN_PORT'])) });
}
