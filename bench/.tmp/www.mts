import { loadConfig } from '../../server/src/config/config.ts';
import { buildWwwApp } from '../../server/src/www/app.ts';
const config = loadConfig({ ...process.env, SKYLIFT_LOG_LEVEL: 'silent', SKYLIFT_NPM_REGISTRY: 'http://127.0.0.1:9' });
const app = await buildWwwApp(config);
await app.ready();
for (const [label, headers] of [['identity', {}], ['br', { 'accept-encoding': 'br' }]] as const) {
  await app.inject({ url: '/', headers });
  const t0 = performance.now();
  for (let i = 0; i < 100; i++) await app.inject({ url: '/', headers });
  console.log(label, ((performance.now() - t0) / 100).toFixed(2), 'ms per page');
}
await app.close();
