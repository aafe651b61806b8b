/**
 * Export parity benchmark: the most downloaded packages of the shipped catalog, then its most depended-on
 * (`dependents.ts`), imported through our `+esm` in headless Chromium and in Deno (`denoView.ts`), beside what
 * Node's own `import()` and `require()` give for the same version installed from the same registry. Prints
 * progress per package, then for each selection the import successes and the packages with every name Node
 * gives in Chromium and in Deno side by side, the failures grouped by cause and the names still missing.
 *
 * Usage: node --import tsx bench/esm-parity/run.ts [--limit 200] [--offset 0] [--concurrency 2] [--timeout 120]
 *        [--by downloads|dependents|both] [--only name,name] [--skip-deno] [--keep]
 * The product runs in this process on a fresh data folder with the registry npm is configured with as its
 * upstream; the reference is `npm install --no-save --ignore-scripts` of the same versions into a temporary
 * folder. Needs the network to reach that registry. The full result is written to bench/.tmp/esm-parity.json.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { ensureChromium } from '../../e2e/support/ensureChromium.mjs';
import { launchBrowser } from '../../e2e/support/browser.ts';
import { loadConfig } from '../../server/src/config/config.ts';
import { buildCdnApp } from '../../server/src/cdn/app.ts';
import { createPackageStore } from '../../server/src/packages/index.ts';
import { catalogPath, readCatalog } from '../../server/src/packages/npm/npmCatalog.ts';
import { causeOf, exportNames, missingByOwnBrowserVersion, type BrowserOutcome, type NodeOutcome } from './causes.ts';
import { dependentCounts } from './dependents.ts';
import { denoRunner, type DenoRunner } from './denoView.ts';

const { values: args } = parseArgs({
  options: {
    limit: { type: 'string', default: '200' },
    offset: { type: 'string', default: '0' },
    concurrency: { type: 'string', default: '2' },
    timeout: { type: 'string', default: '120' },
    only: { type: 'string' },
    keep: { type: 'boolean', default: false },
    report: { type: 'boolean', default: false },
    by: { type: 'string', default: 'both' },
    'skip-deno': { type: 'boolean', default: false },
  },
});

const root = path.resolve(import.meta.dirname, '..', '..');
const limit = Number(args.limit);
const concurrency = Math.max(1, Number(args.concurrency));
const importTimeoutMs = Number(args.timeout) * 1000;

const catalog = readCatalog(catalogPath(root));
const only = args.only ? new Set(args.only.split(',')) : null;
const by = args.by === 'downloads' || args.by === 'dependents' ? args.by : 'both';
/** The most downloaded (rows `--offset` on), or the packages named; the most depended-on are picked once these are installed. */
const picked = (only ? catalog.filter((entry) => only.has(entry.name)) : catalog.slice(Number(args.offset), Number(args.offset) + limit)).filter(
  (entry) => entry.version !== '',
);

const work = path.join(root, 'bench', '.tmp');
fs.mkdirSync(work, { recursive: true });
const resultFile = path.join(work, 'esm-parity.json');

/** Installs the reference copies: one folder per package, so that each gets the versions it asks for. */
async function installReference(name: string, version: string): Promise<string | null> {
  const dir = path.join(installDir, name.replace('/', '+'));
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), '{"private":true}');
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['install', '--no-save', '--ignore-scripts', '--no-audit', '--no-fund', '--legacy-peer-deps', '--loglevel=error', `${name}@${version}`],
      { cwd: dir, timeout: 180_000 },
      (error, _stdout, stderr) => resolve(error ? `npm install failed: ${(stderr || error.message).trim().split('\n')[0]}` : null),
    );
  }).then((failure) => {
    if (failure) return failure as string;
    fs.writeFileSync(path.join(dir, 'probe.mjs'), PROBE);
    return null;
  });
}

/**
 * The file the package itself names for browsers as its main entry, when it names one: an `exports` target
 * reached through a `browser` condition, or beside a `node` condition giving Node another file (conditions in
 * the package's order, as the build picks them), else
 * a string `browser` field, else the `browser` field object swapping the file `exports`, `module` or
 * `main` names. Node loads that file too, so that names the browser version itself lacks are told apart
 * from names our build loses.
 */
const BROWSER_VERSION_PROBE = `
const dir = path.join(process.cwd(), 'node_modules', name);
let manifest = {};
try { manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')); } catch {}
const CONDITIONS = ['browser', 'import', 'module', 'default', 'production'];
const pick = (value, viaBrowser) => {
  if (typeof value === 'string') return { target: value, viaBrowser };
  if (Array.isArray(value)) { for (const item of value) { const found = pick(item, viaBrowser); if (found) return found; } return null; }
  // A condition object that gives Node a file of its own ('node') sends browsers elsewhere by the package's choice.
  if (value && typeof value === 'object')
    for (const [key, nested] of Object.entries(value)) if (CONDITIONS.includes(key)) { const found = pick(nested, viaBrowser || key === 'browser' || 'node' in value); if (found) return found; }
  return null;
};
const plain = (file) => path.posix.normalize(String(file)).replace(/^\\.\\//, '').replace(/\\.js$/, '');
let browserFile = null;
let entry = null;
const exportsField = manifest.exports;
if (exportsField !== undefined && exportsField !== null) {
  const dot = typeof exportsField === 'string' || Array.isArray(exportsField) || !Object.keys(exportsField).some((key) => key.startsWith('.')) ? exportsField : exportsField['.'];
  const found = pick(dot, false);
  if (found) { entry = found.target; if (found.viaBrowser) browserFile = found.target; }
} else if (typeof manifest.browser === 'string') browserFile = manifest.browser;
else entry = manifest.module || manifest.main || 'index.js';
if (!browserFile && entry && manifest.browser && typeof manifest.browser === 'object')
  for (const [from, to] of Object.entries(manifest.browser)) if (typeof to === 'string' && plain(from) === plain(entry)) browserFile = to;
if (browserFile) {
  out.browserFile = browserFile;
  try {
    const file = require.resolve(path.join(dir, browserFile));
    try { out.browserNames = keysOf(require(file)); }
    catch (error) {
      if (error && error.code !== 'ERR_REQUIRE_ESM') throw error;
      out.browserNames = Object.keys(await import(pathToFileURL(file).href));
    }
  } catch (error) { out.browserError = String(error && error.message || error).slice(0, 300); }
}
`;

/** Node's own view of the package: the names of import() and the keys of require(), in a process of its own. */
const PROBE = `
import fs from 'node:fs';
import path from 'node:path';
import { createRequire, isBuiltin } from 'node:module';
import { pathToFileURL } from 'node:url';
const name = process.argv[2];
const out = {};
const require = createRequire(import.meta.url);
const keysOf = (value) => value !== null && (typeof value === 'object' || typeof value === 'function') ? Object.keys(value) : [];
// A package named like a Node built-in (buffer, events, punycode, string_decoder) is shadowed by it: Node's
// require('buffer') gives its own module, not the package. The package is then loaded by its folder.
let specifier = name;
if (isBuiltin(name)) {
  out.builtinShadowed = true;
  try { specifier = pathToFileURL(require.resolve(path.join(process.cwd(), 'node_modules', name) + '/')).href; } catch {}
}
try { out.imported = Object.keys(await import(specifier)); } catch (error) { out.importError = String(error && error.message || error).slice(0, 300); }
try {
  out.required = keysOf(require(specifier.startsWith('file:') ? new URL(specifier).pathname : specifier));
} catch (error) { out.requireError = String(error && error.message || error).slice(0, 300); }
${BROWSER_VERSION_PROBE}
process.stdout.write(JSON.stringify(out));
process.exit(0);
`;

function nodeView(name: string): Promise<NodeOutcome> {
  const dir = path.join(installDir, name.replace('/', '+'));
  return new Promise((resolve) => {
    execFile(process.execPath, ['probe.mjs', name], { cwd: dir, timeout: 30_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
      try {
        resolve(JSON.parse(stdout) as NodeOutcome);
      } catch {
        resolve({ importError: `the Node probe ended without an answer: ${error?.message ?? 'no output'}` });
      }
    });
  });
}

async function startPageServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>export parity</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** One import in a fresh browser context: the module's names, or the error and the failed responses. */
async function browserView(browser: Browser, pageUrl: string, moduleUrl: string): Promise<BrowserOutcome> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(pageUrl);
    const failedResponses: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failedResponses.push(`${response.status()} ${response.url()}`);
    });
    const result = await page.evaluate(
      async ({ url, timeoutMs }) => {
        const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`import took longer than ${timeoutMs / 1000} s`)), timeoutMs));
        try {
          const mod = (await Promise.race([import(url), timeout])) as Record<string, unknown>;
          return { names: Object.keys(mod) };
        } catch (error) {
          return {
            error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
            stack: error instanceof Error ? (error.stack ?? '') : '',
          };
        }
      },
      { url: moduleUrl, timeoutMs: importTimeoutMs },
    );
    if ('error' in result) {
      const { stack, ...failure } = result;
      return { ...failure, failedResponses, ...(await diagnose(failure.error ?? '', stack ?? '')) };
    }
    return { ...result, failedResponses };
  } finally {
    await context.close();
  }
}

/**
 * Facts about a failed import, for its cause: the built code where the error was thrown (the first frame of a
 * module of ours in the stack, read from the CDN), and for a missing named export whether that module's package
 * gives Node a file of its own through a `node` export condition.
 */
async function diagnose(error: string, stack: string): Promise<Pick<BrowserOutcome, 'thrownAt' | 'nodeConditionOf'>> {
  const facts: Pick<BrowserOutcome, 'thrownAt' | 'nodeConditionOf'> = {};
  const frame = /(https?:\/\/[^\s()]+\/\+esm[^\s():]*):(\d+):(\d+)/.exec(stack);
  if (frame) {
    const code = await fetch(frame[1]!).then(
      (r) => (r.ok ? r.text() : ''),
      () => '',
    );
    const line = code.split('\n')[Number(frame[2]) - 1] ?? '';
    const column = Number(frame[3]) - 1;
    facts.thrownAt = line.slice(Math.max(0, column - 80), column + 80);
  }
  const missing = /The requested module '\/npm\/((?:@[^/]+\/)?[^/@]+)@([^/]+)\/[^']*' does not provide an export named/.exec(error);
  if (missing) {
    const manifest = await fetch(`${cdnUrl}/npm/${missing[1]}@${missing[2]}/package.json`).then(
      (r) => (r.ok ? r.text() : ''),
      () => '',
    );
    if (/"node"\s*:/.test(JSON.stringify(JSON.parse(manifest || '{}').exports ?? null))) facts.nodeConditionOf = `${missing[1]}@${missing[2]}`;
  }
  return facts;
}

type Selection = 'most downloaded' | 'most depended-on' | 'named';

interface Row {
  name: string;
  version: string;
  selection: Selection;
  /** For the most depended-on: how many packages of the installed trees declare it. */
  dependents?: number;
  /** Deno's import of the same URL (its User-Agent chooses the Deno build); null when not run. */
  deno?: BrowserOutcome | null;
  denoMissing?: string[];
  denoCause?: string | null;
  node: NodeOutcome;
  browser: BrowserOutcome | null;
  expected: string[];
  missing: string[];
  cause: string | null;
  seconds: number;
  /** The missing names are the package's browser version's own (`missingByOwnBrowserVersion`). */
  ownBrowserVersion?: boolean;
}

function report(all: Row[]): void {
  for (const selection of ['named', 'most downloaded', 'most depended-on'] as const) {
    const rows = all.filter((r) => (r.selection ?? 'most downloaded') === selection);
    if (rows.length) reportSelection(selection, rows);
  }
}

function reportSelection(selection: Selection, rows: Row[]): void {
  const loadable = rows.filter((r) => r.node.imported !== undefined || r.node.required !== undefined);
  const imported = loadable.filter((r) => r.browser?.names);
  const parity = imported.filter((r) => r.missing.length === 0);
  const failures = new Map<string, string[]>();
  for (const row of loadable) if (!row.browser?.names) failures.set(row.cause ?? 'unknown', [...(failures.get(row.cause ?? 'unknown') ?? []), row.name]);
  const nodeFailures = new Map<string, string[]>();
  for (const row of rows)
    if (!loadable.includes(row)) nodeFailures.set(row.cause ?? 'unknown', [...(nodeFailures.get(row.cause ?? 'unknown') ?? []), row.name]);

  const pct = (part: number, whole: number): string => (whole ? `${((100 * part) / whole).toFixed(1)}%` : '-');
  console.log(`\n=== the ${selection} packages ===`);
  console.log('+esm in Chromium against Node import() and require() of the same versions');
  console.log(`packages tried:                  ${rows.length}`);
  console.log(`Node loads them (the reference): ${loadable.length}`);
  console.log(`import() succeeds in Chromium:   ${imported.length} / ${loadable.length} (${pct(imported.length, loadable.length)})`);
  console.log(
    `every name Node gives:           ${parity.length} / ${loadable.length} (${pct(parity.length, loadable.length)}); of those imported ${pct(parity.length, imported.length)}`,
  );
  const asChosen = imported.filter((r) => r.missing.length === 0 || r.ownBrowserVersion).length;
  console.log(`every name, or every name of the package's own browser version: ${asChosen} / ${loadable.length} (${pct(asChosen, loadable.length)})`);
  const byCount = (map: Map<string, string[]>): [string, string[]][] => [...map].sort((a, b) => b[1].length - a[1].length);
  if (failures.size) {
    console.log('\nimport failures by cause:');
    for (const [cause, names] of byCount(failures)) console.log(`  ${String(names.length).padStart(3)}  ${cause}: ${names.join(', ')}`);
  }
  const gapLine = (row: Row): string =>
    `  ${row.name}@${row.version}: ${row.missing.length}/${row.expected.length} ${row.missing.slice(0, 8).join(', ')}${row.missing.length > 8 ? ', ...' : ''}`;
  const gaps = imported.filter((r) => r.missing.length && !r.ownBrowserVersion);
  if (gaps.length) {
    console.log('\nimported, with names missing (missing / Node gives):');
    for (const row of gaps) console.log(gapLine(row));
  }
  const chosen = imported.filter((r) => r.missing.length && r.ownBrowserVersion);
  if (chosen.length) {
    console.log("\nimported with fewer names by the package's own choice: its browser version, by its own `browser` field or condition, lacks them:");
    for (const row of chosen)
      console.log(
        `${gapLine(row)} (${row.node.browserFile}${row.node.browserNames === undefined ? `, which Node cannot load: ${row.node.browserError ?? ''}`.slice(0, 120) : ''})`,
      );
  }
  if (nodeFailures.size) {
    console.log('\nnot compared, Node itself cannot load them:');
    for (const [cause, names] of byCount(nodeFailures)) console.log(`  ${String(names.length).padStart(3)}  ${cause}: ${names.join(', ')}`);
  }
  reportDeno(loadable, imported, parity);
}

/** Deno beside Chromium: the same packages, the same URLs, the build Deno's User-Agent chooses. */
function reportDeno(loadable: Row[], inChromium: Row[], parityInChromium: Row[]): void {
  const ran = loadable.filter((r) => r.deno);
  if (ran.length === 0) return;
  const imported = ran.filter((r) => r.deno?.names);
  const parity = imported.filter((r) => r.denoMissing?.length === 0);
  const column = (part: number, whole: number): string => `${part} / ${whole}`.padEnd(12);
  console.log('\nChromium and Deno side by side (the same +esm URLs):');
  console.log(`                          Chromium      Deno`);
  console.log(`import() succeeds:        ${column(inChromium.length, loadable.length)}  ${column(imported.length, ran.length)}`);
  console.log(`every name Node gives:    ${column(parityInChromium.length, loadable.length)}  ${column(parity.length, ran.length)}`);
  const denoOnly = ran.filter((r) => !r.browser?.names && r.deno?.names);
  if (denoOnly.length) console.log(`import in Deno, not in Chromium (${denoOnly.length}): ${denoOnly.map((r) => r.name).join(', ')}`);
  const chromiumOnly = ran.filter((r) => r.browser?.names && !r.deno?.names);
  if (chromiumOnly.length) {
    console.log(`import in Chromium, not in Deno (${chromiumOnly.length}):`);
    for (const row of chromiumOnly) console.log(`  ${row.name}@${row.version}: ${row.denoCause ?? row.deno?.error ?? ''}`.slice(0, 220));
  }
  const failures = ran.filter((r) => !r.deno?.names && !chromiumOnly.includes(r));
  if (failures.length) {
    console.log(`import in neither (${failures.length}):`);
    for (const row of failures) console.log(`  ${row.name}@${row.version}: Deno ${row.denoCause ?? row.deno?.error ?? ''}`.slice(0, 220));
  }
  const gaps = imported.filter((r) => r.denoMissing?.length);
  if (gaps.length) {
    console.log('imported in Deno with names missing (missing / Node gives):');
    for (const row of gaps)
      console.log(`  ${row.name}@${row.version}: ${row.denoMissing!.length}/${row.expected.length} ${row.denoMissing!.slice(0, 8).join(', ')}`);
  }
}

if (args.report) {
  // The summary of the last run's results, without running again (a run stopped early included).
  report(JSON.parse(fs.readFileSync(resultFile, 'utf8')) as Row[]);
  process.exit(0);
}
const installDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esm-parity-node-'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esm-parity-cdn-'));
// Ctrl-C (or SIGTERM) stops taking new packages; the imports in flight finish and the summary is printed.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    stopping = true;
    console.log('stopping after the imports in flight');
  });
ensureChromium();
const config = loadConfig({ ...process.env, SKYLIFT_DATA_DIR: dataDir, SKYLIFT_LOG_LEVEL: 'warn' });
const store = await createPackageStore(config);
// Two imports run at once from this one client: each asks for all its dependencies' builds at once.
const cdn = await buildCdnApp(config, { store, requestLog: false, esm: { budgetPerClient: 64 * concurrency } });
const cdnUrl = (await cdn.listen({ host: '127.0.0.1', port: 0 })).replace(/\/$/, '');
const pageServer = await startPageServer();
const browser = await launchBrowser();
const deno: DenoRunner | null = args['skip-deno'] ? null : denoRunner(cdnUrl, dataDir, importTimeoutMs);
console.log(
  `${picked.length} packages (${only ? 'named' : `catalog rows ${args.offset}..; most downloaded first`})${by !== 'downloads' && !only ? `, then the ${limit} most depended-on` : ''}, ${concurrency} at a time, in Chromium${deno ? ' and Deno' : ''}; upstream: the registry npm is configured with`,
);

interface Queued {
  entry: (typeof catalog)[number];
  selection: Selection;
  dependents?: number;
}

const rows: Row[] = [];

/** Tries each package of the list, `concurrency` at a time; with `referenceOnly`, installs its reference copy alone. */
async function tryAll(queue: Queued[], referenceOnly = false): Promise<void> {
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    for (;;) {
      const item = stopping ? undefined : queue[next++];
      if (!item) return;
      const { entry } = item;
      const started = Date.now();
      const installFailure = await installReference(entry.name, entry.version);
      if (referenceOnly) continue;
      const node: NodeOutcome = installFailure ? { importError: installFailure } : await nodeView(entry.name);
      const expected = exportNames(node);
      const nodeLoads = node.imported !== undefined || node.required !== undefined;
      const moduleUrl = `${cdnUrl}/npm/${entry.name}@${entry.version}/+esm`;
      const browserResult = nodeLoads ? await browserView(browser, pageServer.url, moduleUrl) : null;
      const denoResult = nodeLoads && deno ? await deno.view(moduleUrl) : null;
      const lacking = (names: string[] | undefined): string[] => {
        const got = new Set(names ?? []);
        return names ? expected.filter((name) => !got.has(name)) : [];
      };
      const missing = lacking(browserResult?.names);
      const row: Row = {
        name: entry.name,
        version: entry.version,
        selection: item.selection,
        ...(item.dependents !== undefined && { dependents: item.dependents }),
        node,
        browser: browserResult,
        deno: denoResult,
        expected,
        missing,
        denoMissing: lacking(denoResult?.names),
        cause: causeOf(node, browserResult),
        denoCause: denoResult ? causeOf(node, denoResult) : null,
        seconds: (Date.now() - started) / 1000,
        ownBrowserVersion: missingByOwnBrowserVersion(node, missing),
      };
      rows.push(row);
      done++;
      // Written as it goes, so that a run stopped early still leaves every result so far.
      fs.writeFileSync(resultFile, JSON.stringify(rows, null, 2));
      const status = !nodeLoads
        ? `node cannot load it (${row.cause})`
        : browserResult?.names
          ? `imported, ${expected.length - missing.length}/${expected.length} names${missing.length ? ` (missing ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', ...' : ''}${row.ownBrowserVersion ? `; its browser version ${row.node.browserFile} lacks them` : ''})` : ''}`
          : `FAILED: ${row.cause}`;
      const denoStatus = !denoResult
        ? ''
        : denoResult.names
          ? `; Deno ${expected.length - row.denoMissing!.length}/${expected.length}`
          : `; Deno FAILED: ${row.denoCause}`;
      const rank = item.dependents !== undefined ? ` [${item.dependents} dependents]` : '';
      console.log(`[${done}/${queue.length}] ${entry.name}@${entry.version}${rank} ${status}${denoStatus} (${row.seconds.toFixed(1)} s)`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, () => worker()));
}

try {
  const downloads: Queued[] = picked.map((entry) => ({ entry, selection: only ? 'named' : 'most downloaded' }));
  // The most depended-on are counted in the trees the most downloaded install, which are installed first.
  await tryAll(downloads, !only && by === 'dependents');
  if (!only && by !== 'downloads' && !stopping) {
    const tried = new Map(rows.map((row) => [row.name, row]));
    const byName = new Map(catalog.filter((entry) => entry.version !== '').map((entry) => [entry.name, entry]));
    const dependedOn: Queued[] = [];
    let listed = 0;
    for (const [name, count] of dependentCounts(installDir)) {
      const entry = byName.get(name);
      if (!entry) continue;
      // One that is among the most downloaded too counts in both selections, tried once.
      const row = tried.get(name);
      if (row && by === 'both') rows.push({ ...row, selection: 'most depended-on', dependents: count });
      else dependedOn.push({ entry, selection: 'most depended-on', dependents: count });
      if (++listed === limit) break;
    }
    console.log(
      `\nthe ${listed} most depended-on packages of the catalog (dependents counted in the installed trees), ${listed - dependedOn.length} tried above:`,
    );
    await tryAll(dependedOn);
  }
} finally {
  await browser.close();
  await pageServer.close();
  await cdn.close();
  await store.close();
  if (!args.keep) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(installDir, { recursive: true, force: true });
  }
}

report(rows);
console.log(`\nevery package's result: ${path.relative(root, resultFile)}`);
// Whatever a package left running in the product (a keep-alive socket, a timer) does not hold the summary's exit.
process.exit(0);
