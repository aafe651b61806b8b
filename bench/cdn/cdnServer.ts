/**
 * Starts the CDN alone in this process on 127.0.0.1 (a free port) against the upstream URLs in the
 * environment, and prints `{"url": ...}` on one line when it listens. The benchmark runs it as a child
 * process so that the load generator does not share its event loop.
 */
import { loadConfig } from '../../server/src/config/config.ts';
import { buildCdnApp } from '../../server/src/cdn/app.ts';

const config = loadConfig({ ...process.env, SKYLIFT_LOG_LEVEL: 'warn' });
const app = await buildCdnApp(config);
const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${JSON.stringify({ url: address })}\n`);
const stop = async (): Promise<void> => {
  await app.close();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
