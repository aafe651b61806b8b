/**
 * Demo traffic: sends real requests through our CDN for popular packages from the shipped catalog, with
 * the provider and country headers a fronting CDN would set, so that a fresh install shows statistics of
 * what the CDN actually served.
 *
 *   npm run traffic -w @skylift/server -- --requests 2000 [--cdn URL] [--concurrency 8] [--packages 300] [--seed N]
 */
import { parseArgs } from 'node:util';
import { type Config, loadConfig } from '../src/config/config.ts';
import { catalogPath, readCatalog } from '../src/packages/npm/npmCatalog.ts';
import { planTraffic, type PlannedRequest } from '../src/stats/traffic/plan.ts';
import { edgeSecretOf } from '../src/config/edgeSecret.ts';

interface Outcome {
  status: number;
  bytes: number;
}

function positiveInt(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer, got "${value}".`);
  return n;
}

function progressBar(done: number, total: number, started: number, errors: number): string {
  const width = 30;
  const filled = Math.round((done / total) * width);
  const seconds = (Date.now() - started) / 1000;
  const rate = seconds > 0 ? (done / seconds).toFixed(1) : '0.0';
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(Math.floor((done / total) * 100)).padStart(3)}% ${done}/${total}  ${rate} req/s  ${errors} failed`;
}

async function send(base: string, request: PlannedRequest, headers: Config['edgeHeaders'], timeoutMs: number): Promise<Outcome> {
  try {
    // The CDN believes edge headers from its trusted proxies or with the shared secret only.
    const secret = headers.secret ? { [headers.secretHeader]: headers.secret } : {};
    const response = await fetch(`${base}${request.path}`, {
      headers: { 'user-agent': request.userAgent, [headers.provider]: request.provider, [headers.country]: request.country, ...secret },
      redirect: 'follow',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = await response.arrayBuffer();
    return { status: response.status, bytes: body.byteLength };
  } catch {
    return { status: 0, bytes: 0 };
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      requests: { type: 'string' },
      cdn: { type: 'string' },
      concurrency: { type: 'string' },
      packages: { type: 'string' },
      seed: { type: 'string' },
      timeout: { type: 'string' },
    },
  });
  const config = loadConfig();
  // Acting as this install's fronting CDN: the edge secret makes the CDN believe its provider and country.
  const edge = { ...config.edgeHeaders, secret: edgeSecretOf(config) };
  const total = positiveInt(values.requests, 'requests', 1000);
  const concurrency = positiveInt(values.concurrency, 'concurrency', 8);
  const packages = positiveInt(values.packages, 'packages', 300);
  const seed = values.seed === undefined ? Date.now() % 2 ** 31 : positiveInt(values.seed, 'seed', 1);
  const timeoutMs = positiveInt(values.timeout, 'timeout', 60) * 1000;
  const base = (values.cdn ?? config.services.cdn.publicUrl).replace(/\/+$/, '');
  const plan = planTraffic(readCatalog(catalogPath(config.projectRoot)), total, { packages, seed });

  process.stdout.write(`Sending ${total} requests for ${Math.min(packages, 20_000)} popular packages to ${base} (concurrency ${concurrency})\n`);
  const statuses = new Map<number, number>();
  const perPackage = new Map<string, number>();
  let bytes = 0;
  let done = 0;
  let failed = 0;
  const started = Date.now();
  const tty = process.stderr.isTTY;
  let lastDraw = 0;
  const draw = (force = false): void => {
    const now = Date.now();
    if (!force && now - lastDraw < (tty ? 100 : 5000)) return;
    lastDraw = now;
    process.stderr.write(tty ? `\r${progressBar(done, total, started, failed)}` : `${progressBar(done, total, started, failed)}\n`);
  };

  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < plan.length) {
      const request = plan[next++]!;
      const outcome = await send(base, request, edge, timeoutMs);
      statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
      if (outcome.status === 0 || outcome.status >= 500) failed++;
      if (outcome.status >= 200 && outcome.status < 400) perPackage.set(request.pkg, (perPackage.get(request.pkg) ?? 0) + 1);
      bytes += outcome.bytes;
      done++;
      draw();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
  draw(true);
  if (tty) process.stderr.write('\n');

  const seconds = (Date.now() - started) / 1000;
  const statusLine = [...statuses.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([status, n]) => `${status === 0 ? 'no answer' : status}: ${n}`)
    .join(', ');
  const top = [...perPackage.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([name, n]) => `${name} (${n})`)
    .join(', ');
  process.stdout.write(
    [
      '',
      `Requests:  ${done} in ${seconds.toFixed(1)} s (${(done / Math.max(seconds, 0.001)).toFixed(1)} req/s)`,
      `Statuses:  ${statusLine}`,
      `Received:  ${(bytes / 1024 / 1024).toFixed(2)} MB`,
      `Most served: ${top || 'none'}`,
      `The data API folds these requests into its statistics within seconds (${config.services.data.publicUrl}/v1/stats/packages?period=day).`,
      '',
    ].join('\n'),
  );
  if (statuses.get(0) === done) {
    process.stderr.write(`No request was answered: is the CDN running at ${base}?\n`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
