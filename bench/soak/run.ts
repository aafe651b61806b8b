/**
 * Soak: the product as `npm start` runs it (every service in its own process, the CDN in its workers),
 * against the fixture upstreams on loopback, under a realistic mix for a while (10 minutes by default):
 * files of exact versions and of aliases, listings, +esm builds, the data API,
 * search queries and website pages. Prints p50/p99 per kind, the count of 5xx answers and the resident
 * memory of each service process at the start and at the end.
 *
 *   npm run soak -w @skylift/bench [-- --minutes 10 --concurrency 16]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startFixtureGitHub, startFixtureRegistry } from '../../server/test/fixtures/upstream/index.ts';
import { freePort } from '../../server/src/testing/freePort.ts';

const root = path.resolve(import.meta.dirname, '..', '..');
const { values } = parseArgs({ options: { minutes: { type: 'string' }, concurrency: { type: 'string' } } });
const minutes = Number(values.minutes ?? 10);
const concurrency = Number(values.concurrency ?? 16);

/** Resident memory (MB) of the launcher's service processes (and the CDN's workers), by command line. */
function residentMemory(launcherPid: number): Map<string, number> {
  const byParent = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      byParent.set(ppid, [...(byParent.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* gone */
    }
  }
  const result = new Map<string, number>();
  const visit = (pid: number, label: string): void => {
    try {
      const rss = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      const service = args[args.indexOf('--services') + 1];
      if (args.some((arg) => arg.endsWith('main.ts'))) {
        const name = label || (args.includes('--services') && service && !service.includes(',') ? service : 'launcher');
        let key = name;
        for (let i = 2; result.has(key); i++) key = `${name}#${i}`;
        result.set(key, Math.round(rss));
      }
    } catch {
      return;
    }
    for (const child of byParent.get(pid) ?? []) visit(child, '');
  };
  visit(launcherPid, 'launcher');
  return result;
}

const percentile = (sorted: number[], p: number): number => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);

async function main(): Promise<void> {
  const registry = await startFixtureRegistry();
  const github = await startFixtureGitHub();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'skylift-soak-'));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    SKYLIFT_DATA_DIR: dataDir,
    SKYLIFT_NPM_REGISTRY: registry.url,
    SKYLIFT_GITHUB_API: github.apiUrl,
    SKYLIFT_GITHUB_ARCHIVE: github.archiveUrl,
    SKYLIFT_LOG_LEVEL: 'error',
  };
  const urls: Record<string, string> = {};
  for (const service of ['www', 'cdn', 'data', 'search', 'purge', 'esmrun']) {
    const port = await freePort();
    env[`SKYLIFT_${service.toUpperCase()}_PORT`] = String(port);
    urls[service] = `http://127.0.0.1:${port}`;
  }
  const launcher = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'src', 'main.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let started = '';
  await new Promise<void>((resolve) =>
    launcher.stdout!.on('data', (chunk: Buffer) => ((started += chunk.toString()), /is running/.test(started) && resolve())),
  );
  process.stdout.write(started);

  const names = registry.packageNames().filter((name) => !name.startsWith('hostile'));
  // The exact version of each package, as a page that links to files would name it.
  const exact = new Map<string, string>();
  for (const name of names) {
    const response = await fetch(`${urls['cdn']}/npm/${name}/package.json`);
    await response.arrayBuffer();
    const version = response.headers.get('x-skylift-version');
    if (version) exact.set(name, version);
  }
  const versioned = [...exact.keys()];
  const search = env['SKYLIFT_SEARCH_API_KEY'] ?? 'public-search-key';
  const config = (await (await fetch(`${urls['www']}/config.json`)).json()) as { search: { appId: string; apiKey: string; indexName: string } };
  // What a day of traffic looks like, roughly: mostly files, some generated, the rest the website's calls.
  const mix: Array<[string, number, () => { url: string; init?: RequestInit }]> = [
    ['file (exact version)', 40, () => ((name) => ({ url: `${urls['cdn']}/npm/${name}@${exact.get(name)}/package.json` }))(pick(versioned))],
    ['file (alias)', 15, () => ({ url: `${urls['cdn']}/npm/${pick(names)}@latest/package.json` })],
    ['+esm build', 8, () => ({ url: `${urls['cdn']}/npm/${pick(names)}/+esm` })],
    ['listing', 5, () => ({ url: `${urls['cdn']}/npm/${pick(names)}/` })],
    ['data API', 12, () => ({ url: `${urls['data']}/v1/packages/npm/${pick(names)}` })],
    ['statistics', 5, () => ({ url: `${urls['data']}/v1/stats/packages?period=month&limit=10` })],
    [
      'search',
      10,
      () => ({
        url: `${urls['search']}/1/indexes/${config.search.indexName}/query`,
        init: {
          method: 'POST',
          headers: { 'x-algolia-application-id': config.search.appId, 'x-algolia-api-key': config.search.apiKey || search, 'content-type': 'application/json' },
          body: JSON.stringify({ query: pick(names).slice(0, 3) }),
        },
      }),
    ],
    ['website page', 5, () => ({ url: `${urls['www']}/package/npm/${pick(names)}` })],
  ];
  const total = mix.reduce((sum, [, weight]) => sum + weight, 0);
  const chooseKind = (): (typeof mix)[number] => {
    let roll = Math.random() * total;
    for (const entry of mix) if ((roll -= entry[1]) < 0) return entry;
    return mix[0]!;
  };

  const before = residentMemory(launcher.pid!);
  const latencies = new Map<string, number[]>();
  let serverErrors = 0;
  const clientErrors = new Map<string, number>();
  let failures = 0;
  const deadline = Date.now() + minutes * 60_000;
  const worker = async (): Promise<void> => {
    while (Date.now() < deadline) {
      const [kind, , make] = chooseKind();
      const { url, init } = make();
      const start = performance.now();
      try {
        const response = await fetch(url, init);
        await response.arrayBuffer();
        if (response.status >= 500) serverErrors++;
        else if (response.status >= 400) clientErrors.set(kind, (clientErrors.get(kind) ?? 0) + 1);
      } catch {
        failures++;
      }
      latencies.set(kind, [...(latencies.get(kind) ?? []), performance.now() - start]);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const after = residentMemory(launcher.pid!);

  const all = [...latencies.values()].flat().sort((a, b) => a - b);
  process.stdout.write(
    `\nsoak: ${minutes} min, concurrency ${concurrency}, ${all.length} requests, ${serverErrors} answers 5xx, ${failures} failed connections\n\n`,
  );
  process.stdout.write(`${'kind'.padEnd(22)} ${'requests'.padStart(9)} ${'4xx'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}\n`);
  for (const [kind] of mix) {
    const sorted = (latencies.get(kind) ?? []).sort((a, b) => a - b);
    process.stdout.write(
      `${kind.padEnd(22)} ${String(sorted.length).padStart(9)} ${String(clientErrors.get(kind) ?? 0).padStart(6)} ${percentile(sorted, 50).toFixed(1).padStart(8)} ${percentile(sorted, 99).toFixed(1).padStart(8)}\n`,
    );
  }
  process.stdout.write(
    `${'all'.padEnd(22)} ${String(all.length).padStart(9)} ${''.padStart(6)} ${percentile(all, 50).toFixed(1).padStart(8)} ${percentile(all, 99).toFixed(1).padStart(8)}\n\n`,
  );
  process.stdout.write(`${'process'.padEnd(12)} ${'RSS start MB'.padStart(13)} ${'RSS end MB'.padStart(11)}\n`);
  for (const [name, mb] of after) process.stdout.write(`${name.padEnd(12)} ${String(before.get(name) ?? '-').padStart(13)} ${String(mb).padStart(11)}\n`);
  const sum = (m: Map<string, number>): number => [...m.values()].reduce((a, b) => a + b, 0);
  process.stdout.write(`${'total'.padEnd(12)} ${String(sum(before)).padStart(13)} ${String(sum(after)).padStart(11)}\n`);

  const exited = new Promise((resolve) => launcher.once('exit', resolve));
  launcher.kill('SIGTERM');
  await exited;
  await registry.close();
  await github.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function pick<T>(list: readonly T[]): T {
  return list[Math.floor(Math.random() * list.length)]!;
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
