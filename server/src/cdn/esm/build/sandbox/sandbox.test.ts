/**
 * The sandbox that evaluates package code: it reads nothing outside the package, opens no socket, never
 * reaches this process (its `process`, environment, file system or child processes), and a module that
 * loops forever or allocates without end is stopped at the limits and leaves the lexer's names in place.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { StoredFile } from '../../../../packages/types.ts';
import { evaluateExports } from './evaluateExports.ts';
import { DEFAULT_SANDBOX_LIMITS, type SandboxJob, type SandboxLimits, type SandboxPackage } from './sandboxJob.ts';
import { DEPENDENCY_LIMITS, runtimeExports, withRuntimeExports, type SandboxDependencies } from './runtimeExports.ts';

let dir: string;
let packageDir: string;

before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-test-'));
  packageDir = path.join(dir, 'package');
  fs.mkdirSync(packageDir);
  // A module beside the package, on the same disk: requiring it must never work.
  fs.writeFileSync(path.join(dir, 'outside-secret.js'), 'module.exports = { secret: true };');
});
after(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A package of the given files written to disk, as the package layer keeps them, with `/index.js` its entry. */
function job(files: Record<string, string>, limits: Partial<SandboxLimits> = {}): SandboxJob {
  const entries = Object.entries(files).map(([file, text]): [string, { diskPath: string }] => {
    const diskPath = path.join(packageDir, file);
    fs.mkdirSync(path.dirname(diskPath), { recursive: true });
    fs.writeFileSync(diskPath, text);
    return [file, { diskPath }];
  });
  return {
    name: 'sandboxed',
    manifest: { name: 'sandboxed' },
    entry: '/index.js',
    files: entries,
    replacements: [],
    limits: { ...DEFAULT_SANDBOX_LIMITS, ...limits },
  };
}

/** A file the package layer holds in memory (when its disk cache refused it). */
const inMemory = (text: string): StoredFile => ({ path: '/index.js', size: text.length, sha256: '', time: '', diskPath: '', content: Buffer.from(text) });

async function names(files: Record<string, string>): Promise<string[]> {
  const result = await evaluateExports(job(files));
  assert.ok(result.ok, result.ok ? '' : result.reason);
  return result.names;
}

test('a module requiring files outside its package, by relative or absolute path, gets nothing', async () => {
  const secret = path.join(dir, 'outside-secret.js');
  const source = `
    var tries = ['../outside-secret.js', '../outside-secret', '../../outside-secret.js', ${JSON.stringify(secret)}, '/../outside-secret.js', '/etc/passwd'];
    tries.forEach(function (specifier, i) {
      try { if (require(specifier)) exports['leaked' + i] = true; } catch (error) { if (error.code !== 'MODULE_NOT_FOUND') exports.otherError = true; }
    });
    if (typeof require('fs').readFileSync(${JSON.stringify(secret)}, 'utf8') === 'string') exports.readFile = true;
    exports.own = require('./lib/own.js').own;
  `;
  assert.deepEqual(await names({ '/index.js': source, '/lib/own.js': 'exports.own = 1;' }), ['own']);
});

test('a module cannot open a socket: network modules are inert and there is no fetch, XMLHttpRequest or WebSocket', async () => {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  try {
    const source = `
      var url = 'http://127.0.0.1:${port}/';
      try { require('net').connect(${port}, '127.0.0.1'); } catch (error) {}
      try { require('node:http').get(url); } catch (error) {}
      try { require('dgram').createSocket('udp4').send('x', ${port}, '127.0.0.1'); } catch (error) {}
      if (typeof fetch !== 'undefined') { exports.fetch = true; fetch(url); }
      if (typeof XMLHttpRequest !== 'undefined') exports.xhr = true;
      if (typeof WebSocket !== 'undefined') exports.webSocket = true;
      exports.done = true;
    `;
    assert.deepEqual(await names({ '/index.js': source }), ['done']);
    // The listener accepts connections in the order they were opened: once one opened now is accepted, any the
    // module had opened before it would have been counted too.
    const probe = net.connect(port, '127.0.0.1');
    probe.on('error', () => undefined);
    await new Promise<void>((resolve) => server.once('connection', () => resolve()));
    probe.destroy();
    assert.equal(connections, 1, 'only the probe connected');
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test('a module never reaches this process: its process is a stand-in, and fs, child_process and os do nothing', async () => {
  const marker = path.join(dir, 'written-by-package');
  const source = `
    if (typeof process.pid === 'number') exports.pid = true;
    if (process.env.HOME || process.env.PATH || Object.keys(process.env).length !== 1) exports.environment = true;
    if (typeof process.binding === 'function' || typeof process.dlopen === 'function') exports.binding = true;
    try { var escaped = this.constructor.constructor('return process')(); if (typeof escaped.pid === 'number') exports.constructorEscape = true; } catch (error) {}
    try { if (typeof Function('return this')().require === 'function') exports.globalRequire = true; } catch (error) {}
    try { require('child_process').execSync('touch ${marker}'); } catch (error) {}
    try { require('fs').writeFileSync('${marker}', 'x'); } catch (error) {}
    if (typeof require('os').homedir() === 'string') exports.os = true;
    if (typeof require('module').createRequire === 'function' && typeof require('module').createRequire('/')('fs').readFileSync('/etc/hostname') === 'string') exports.createRequire = true;
    exports.nodeEnv = process.env.NODE_ENV;
  `;
  assert.deepEqual(await names({ '/index.js': source }), ['nodeEnv']);
  assert.equal(fs.existsSync(marker), false, 'the package wrote a file');
});

test("a built-in's stand-in lists the names of Node's module: module.exports = require('buffer') names what Node's does (safe-buffer)", async () => {
  const source = `
    var buffer = require('buffer');
    if (buffer.Buffer.from && buffer.Buffer.alloc) module.exports = buffer;
  `;
  const nodeNames = Object.keys(await import('node:buffer')).filter((name) => name !== 'default');
  assert.deepEqual((await names({ '/index.js': source })).sort(), nodeNames.sort());
  // Another package's stand-in names nothing: what it exports is its own build's business.
  assert.deepEqual(await names({ '/index.js': "module.exports = require('some-package');" }), []);
});

test('a module that loops forever is stopped at the time limit', async () => {
  const started = Date.now();
  const result = await evaluateExports(job({ '/index.js': 'exports.before = 1; for (;;) {}' }, { timeMs: 300 }));
  assert.equal(result.ok, false);
  assert.match(result.ok ? '' : result.reason, /interrupted/);
  assert.ok(Date.now() - started < 3_000, `took ${Date.now() - started} ms`);
});

test('a module that allocates without end is stopped at the memory limit, large strings and buffers included', async () => {
  for (const source of [
    'var kept = []; for (;;) kept.push(new ArrayBuffer(1e6));',
    'var kept = []; for (var i = 0; ; i++) kept.push("x".repeat(1e6) + i);',
    'var kept = []; for (;;) kept.push({ a: kept.length, b: [kept.length] });',
  ]) {
    const started = Date.now();
    const result = await evaluateExports(job({ '/index.js': source }, { memoryBytes: 32 * 1024 * 1024, timeMs: 10_000 }));
    assert.equal(result.ok, false, source);
    assert.match(result.ok ? '' : result.reason, /out of memory|interrupted|null/, source);
    // Stopped by memory, long before the time limit: the bound is the interpreter's memory, not the clock.
    assert.ok(Date.now() - started < 5_000, `${source} took ${Date.now() - started} ms`);
  }
  // The interpreter is fresh after such a run: the next module is evaluated as usual.
  assert.deepEqual(await names({ '/index.js': 'exports.after = true;' }), ['after']);
});

test('off the serving thread: a module is evaluated in the worker, and one over its limits falls back to the lexer names', async () => {
  const evaluated = await runtimeExports({
    name: 'sandboxed',
    manifest: {},
    entry: '/index.js',
    files: new Map([['/index.js', inMemory('["a", "b"].forEach(function (n) { exports[n] = n; });')]]),
    replacements: new Map(),
  });
  assert.deepEqual(evaluated, { names: ['a', 'b'], esModule: false });

  const lexed = { names: ['fromLexer'], esModule: false };
  const looping = await withRuntimeExports(lexed, {
    name: 'sandboxed',
    manifest: {},
    entry: '/index.js',
    files: new Map([['/index.js', inMemory('exports.never = 1; while (true) {}')]]),
    replacements: new Map(),
  });
  assert.deepEqual(looping, lexed);
});

/** A dependency package written to disk beside the evaluated one, with the files it lists. */
function dependency(name: string, version: string, manifest: Record<string, unknown>, files: Record<string, string>): SandboxPackage {
  const root = path.join(dir, 'deps', `${name}@${version}`);
  const entries = Object.entries(files).map(([file, text]): [string, { diskPath: string }] => {
    const diskPath = path.join(root, file);
    fs.mkdirSync(path.dirname(diskPath), { recursive: true });
    fs.writeFileSync(diskPath, text);
    return [file, { diskPath }];
  });
  return { key: `${name}@${version}`, name, manifest: { name, version, ...manifest }, files: entries, replacements: [] };
}

test("a dependency's file is readable only when it is a file of a package the requiring package declares", async () => {
  const declared = dependency(
    'declared',
    '1.0.0',
    { dependencies: { nested: '1' } },
    {
      '/index.js': `
      exports.marker = 'declared';
      exports.nested = require('nested').marker;
      try { if (require('../other@1.0.0/index.js').marker === 'other') exports.siblingByPath = true; } catch (error) {}
      if (require('other').marker === 'other') exports.undeclaredFromDependency = true;
      try { if (require('./unlisted.js').unlisted === true) exports.unlisted = true; } catch (error) {}
    `,
    },
  );
  // On disk beside the dependency's files, but not one of them: never read.
  fs.writeFileSync(path.join(dir, 'deps', 'declared@1.0.0', 'unlisted.js'), 'module.exports = { unlisted: true };');
  const nested = dependency('nested', '1.0.0', {}, { '/index.js': "exports.marker = 'nested';" });
  const other = dependency('other', '1.0.0', {}, { '/index.js': "exports.marker = 'other';" });
  const evaluated = job({
    '/index.js': `
      var dep = require('declared');
      if (dep.marker === 'declared') exports.declared = true;
      if (dep.nested === 'nested') exports.nestedThroughDeclared = true;
      Object.keys(dep).forEach(function (key) { if (key !== 'marker' && key !== 'nested') exports['dependency_' + key] = true; });
      // Not declared by this package: a stand-in, even though the run holds it and links it.
      if (require('other').marker === 'other') exports.undeclared = true;
      if (require('nested').marker === 'nested') exports.dependencyOfDependency = true;
      ['/node_modules/other@1.0.0/index.js', '../node_modules/other@1.0.0/index.js', '/node_modules/declared@1.0.0/index.js', 'declared/../other@1.0.0/index.js'].forEach(function (specifier, i) {
        try { if (typeof require(specifier).marker === 'string') exports['byPath' + i] = true; } catch (error) {}
      });
    `,
  });
  const result = await evaluateExports({
    ...evaluated,
    manifest: { name: 'sandboxed', dependencies: { declared: '^1.0.0' } },
    packages: [declared, nested, other],
    links: [
      ['', 'declared', 'declared@1.0.0'],
      ['', 'other', 'other@1.0.0'],
      ['', 'nested', 'nested@1.0.0'],
      ['declared@1.0.0', 'nested', 'nested@1.0.0'],
      ['declared@1.0.0', 'other', 'other@1.0.0'],
    ],
  });
  assert.ok(result.ok, result.ok ? '' : result.reason);
  assert.deepEqual(result.names.sort(), ['declared', 'nestedThroughDeclared']);
});

test('a declared dependency the run does not hold is a stand-in, reported as wanted so that it can be loaded', async () => {
  const result = await evaluateExports({
    ...job({ '/index.js': "exports.value = require('needed').anything; require('undeclared');" }),
    manifest: { name: 'sandboxed', dependencies: { needed: '^2.0.0' } },
  });
  assert.ok(result.ok);
  assert.deepEqual(result.wanted, [{ from: '', name: 'needed' }]);
});

test("module.exports = Error names V8's stackTraceLimit, as Node's require() of es-errors does", async () => {
  assert.deepEqual(await names({ '/index.js': 'module.exports = Error;' }), Object.keys(Error));
});

test("a function whose prototype is a built-in's stand-in (a stream class extending EventEmitter) keeps the properties set on it as its own", async () => {
  const source = `
    var EventEmitter = require('events').EventEmitter;
    function Readable() {}
    Object.setPrototypeOf(Readable.prototype, EventEmitter.prototype);
    Object.setPrototypeOf(Readable, EventEmitter);
    Readable.from = function () {};
    Readable._fromList = function () {};
    module.exports = Readable;
  `;
  assert.deepEqual((await names({ '/index.js': source })).sort(), ['_fromList', 'from']);
});

test("a property a module sets on a built-in's stand-in is one of its keys, as on Node's module (graceful-fs patches fs and exports it)", async () => {
  const source = `
    var fs = require('fs');
    fs.gracefulify = function () {};
    module.exports = fs;
  `;
  const found = await names({ '/index.js': source });
  assert.ok(found.includes('gracefulify'), found.join(', '));
  assert.ok(found.includes('readFile'), found.join(', '));
});

/** Dependencies held in memory, each one file: the loader the build would back with the package store. */
function memoryDependencies(packages: Record<string, { dependencies: Record<string, string>; source: string }>): SandboxDependencies {
  return {
    resolve: (name) => (packages[name] ? Promise.resolve('1.0.0') : Promise.reject(new Error(`no ${name}`))),
    load: Object.assign(
      (name: string) => {
        const found = packages[name];
        if (!found) return Promise.resolve(null);
        const file: StoredFile = { ...inMemory(found.source), path: '/index.js' };
        return Promise.resolve({ manifest: { name, version: '1.0.0', dependencies: found.dependencies }, files: new Map([['/index.js', file]]) });
      },
      { forget: () => undefined },
    ),
  };
}

test('a file the cache lost during the run fails the run as a vanished file, not as a module with fewer names', async () => {
  const sandboxJob = job({ '/index.js': "module.exports = require('./parts');", '/parts.js': 'exports.alpha = 1; exports.beta = 2;' });
  const [, parts] = sandboxJob.files.find(([file]) => file === '/parts.js')!;
  fs.rmSync((parts as { diskPath: string }).diskPath);
  const result = await evaluateExports(sandboxJob);
  assert.equal(result.ok, false);
  assert.equal(!result.ok && result.vanished, (parts as { diskPath: string }).diskPath);

  // Through the build's entry to the sandbox: thrown as the read of a file that is not there, naming it.
  const stored = (file: string): StoredFile => ({ path: file, size: 0, sha256: '', time: '', diskPath: path.join(packageDir, file) });
  await assert.rejects(
    runtimeExports({
      name: 'sandboxed',
      manifest: { name: 'sandboxed' },
      entry: '/index.js',
      files: new Map([
        ['/index.js', stored('/index.js')],
        ['/parts.js', stored('/parts.js')],
      ]),
      replacements: new Map(),
    }),
    { code: 'ENOENT', path: path.join(packageDir, '/parts.js') },
  );
});

test('dependencies are followed within their bounds: five levels of evaluation, a number of packages', async () => {
  const chain: Record<string, { dependencies: Record<string, string>; source: string }> = {};
  for (let level = 1; level <= 8; level++)
    chain[`level${level}`] = {
      dependencies: { [`level${level + 1}`]: '^1.0.0' },
      source: `exports.fromLevel${level} = true; Object.assign(exports, require('level${level + 1}'));`,
    };
  const deep = await runtimeExports({
    name: 'sandboxed',
    manifest: { name: 'sandboxed', dependencies: { level1: '^1.0.0' } },
    entry: '/index.js',
    files: new Map([['/index.js', inMemory("module.exports = require('level1');")]]),
    replacements: new Map(),
    dependencies: memoryDependencies(chain),
  });
  // Each evaluation can only discover the next level: the fifth is the last, so level 4 is the deepest loaded.
  assert.deepEqual(deep?.names.sort(), ['fromLevel1', 'fromLevel2', 'fromLevel3', 'fromLevel4']);

  const many: Record<string, { dependencies: Record<string, string>; source: string }> = {};
  const declared = DEPENDENCY_LIMITS.packages + 8;
  for (let i = 0; i < declared; i++) many[`dep${i}`] = { dependencies: {}, source: `exports.name${i} = true;` };
  const wide = await runtimeExports({
    name: 'sandboxed',
    manifest: { name: 'sandboxed', dependencies: Object.fromEntries(Object.keys(many).map((name) => [name, '^1.0.0'])) },
    entry: '/index.js',
    files: new Map([['/index.js', inMemory(`for (var i = 0; i < ${declared}; i++) Object.assign(exports, require('dep' + i));`)]]),
    replacements: new Map(),
    dependencies: memoryDependencies(many),
  });
  assert.equal(wide?.names.length, DEPENDENCY_LIMITS.packages);
  assert.deepEqual(wide?.names.slice().sort(), Array.from({ length: DEPENDENCY_LIMITS.packages }, (_, i) => `name${i}`).sort());
});

test("process's EventEmitter methods exist, as on Node's process: a module registering its cleanup with addListener('exit') (tmp) loads", async () => {
  const source = `
    function cleanup() {}
    process.addListener('exit', cleanup);
    process.removeListener('exit', cleanup);
    if (process.listeners('exit').length === 0 && process.listenerCount('exit') === 0) exports.tmpdir = '/tmp';
  `;
  assert.deepEqual(await names({ '/index.js': source }), ['tmpdir']);
});
