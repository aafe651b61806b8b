/**
 * Unpacking an archive in one synchronous pass (what an extraction thread runs): what is kept, and what refuses
 * the archive before anything of it is kept. The package store's tests (`../hostileArchives.test.ts`,
 * `../sizeLimits.test.ts`) go through the threads; these call the unpacking directly.
 */
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { tgzBuffer, type TarEntry } from '../../../test/fixtures/upstream/index.ts';
import { Unpacker, transferables, unpack, type UnpackOutcome } from './unpack.ts';
import { temporaryFolder } from '../../testing/temporaryFolder.ts';

const sha256 = (text: string): string => crypto.createHash('sha256').update(text).digest('hex');
const sha512 = (bytes: Buffer): { algorithm: 'sha512'; base64: string } => ({
  algorithm: 'sha512',
  base64: crypto.createHash('sha512').update(bytes).digest('base64'),
});

function unpackInto(entries: TarEntry[], options: { limitBytes?: number; tgz?: Buffer; digestOf?: Buffer } = {}): { outcome: UnpackOutcome; staging: string } {
  const staging = temporaryFolder('unpack-test');
  const tgz = options.tgz ?? tgzBuffer(entries);
  const outcome = unpack({ tgz, limitBytes: options.limitBytes ?? 1024 * 1024, expected: sha512(options.digestOf ?? tgz), staging });
  return { outcome, staging };
}

describe('unpacking an archive', () => {
  it('writes each file into staging with its hash and size, resolves links to files, parses the manifest, sorts by path', () => {
    const manifest = '{"name":"lib","version":"1.0.0"}';
    const { outcome, staging } = unpackInto([
      { path: 'package/package.json', content: manifest },
      { path: 'package/lib/b.js', content: 'export const b = 2;\n' },
      { path: 'package/alias.js', type: 'symlink', linkpath: 'lib/b.js' },
      { path: 'package/lib/a.js', content: 'export const a = 1;\n' },
    ]);
    assert.ok(outcome.ok);
    assert.deepEqual(
      outcome.files.map((file) => [file.path, file.size, file.sha256Hex]),
      [
        ['/alias.js', 20, sha256('export const b = 2;\n')],
        ['/lib/a.js', 20, sha256('export const a = 1;\n')],
        ['/lib/b.js', 20, sha256('export const b = 2;\n')],
        ['/package.json', manifest.length, sha256(manifest)],
      ],
    );
    assert.deepEqual(outcome.manifest, { name: 'lib', version: '1.0.0' });
    // A link shares its target's bytes: it has no staged file of its own.
    assert.equal(outcome.files[0]!.staged, '');
    const a = outcome.files[1]!;
    assert.equal(fs.readFileSync(a.staged, 'utf8'), 'export const a = 1;\n');
    assert.equal(path.dirname(a.staged), staging);
    assert.equal(outcome.contents, null);
  });

  it('keeps the bytes in memory instead when given no staging folder', () => {
    const tgz = tgzBuffer([{ path: 'package/index.js', content: 'module.exports = 1;\n' }]);
    const outcome = unpack({ tgz, limitBytes: 1024, expected: null, staging: null });
    assert.ok(outcome.ok);
    assert.equal(Buffer.from(outcome.contents!.get(sha256('module.exports = 1;\n'))!).toString(), 'module.exports = 1;\n');
    assert.equal(outcome.files[0]!.staged, '');
  });

  it('keeps each file in memory of its own, which moves to another thread whole instead of being copied', () => {
    // Small files share the inflated chunks they come in; the larger one spans several.
    const small = Array.from({ length: 40 }, (_, i) => ({ path: `package/lib/m${i}.js`, content: `export const m${i} = ${i};\n` }));
    const large = crypto.randomBytes(200 * 1024);
    const tgz = tgzBuffer([...small, { path: 'package/large.bin', content: large }]);
    const outcome = unpack({ tgz, limitBytes: 1024 * 1024, expected: null, staging: null });
    assert.ok(outcome.ok && outcome.contents);
    assert.equal(outcome.contents.size, 41);
    for (const bytes of outcome.contents.values()) {
      // A small file kept for long holds only its own bytes, not the chunk around it.
      assert.equal(bytes.byteOffset, 0);
      assert.equal(bytes.buffer.byteLength, bytes.byteLength);
    }
    const moving = transferables(outcome);
    assert.equal(moving.length, 41);
    const { port1, port2 } = new MessageChannel();
    port1.postMessage(outcome.contents, moving);
    port1.close();
    port2.close();
    // Moved: this side no longer holds them.
    for (const bytes of outcome.contents.values()) assert.equal(bytes.byteLength, 0);
    assert.deepEqual(transferables({ ok: false, refusal: { kind: 'corrupt' } }), []);
  });

  it('refuses an archive that is not the one the registry published, before writing anything', () => {
    const { outcome, staging } = unpackInto([{ path: 'package/index.js', content: 'x' }], { digestOf: Buffer.from('another archive') });
    assert.deepEqual(outcome, { ok: false, refusal: { kind: 'digest-mismatch' } });
    assert.deepEqual(fs.readdirSync(staging), []);
  });

  it('refuses paths out of the package, device files and links pointing outside, naming them', () => {
    const cases: Array<[TarEntry, RegExp]> = [
      [{ path: 'package/../../etc/passwd', content: 'x' }, /\.\./],
      [{ path: 'package/dev', type: 'char-device' }, /a device file \(package\/dev\)/],
      [{ path: 'package/out', type: 'symlink', linkpath: '../../../etc/passwd' }, /./],
    ];
    for (const [entry, detail] of cases) {
      const { outcome } = unpackInto([{ path: 'package/a.js', content: 'a' }, entry]);
      assert.ok(!outcome.ok && 'refusal' in outcome && outcome.refusal.kind === 'unsafe', `${entry.path} refused`);
      assert.match(outcome.refusal.kind === 'unsafe' ? outcome.refusal.detail : '', detail);
    }
  });

  it('counts the bytes it reads, not what the headers claim, against the size limit', () => {
    const { outcome } = unpackInto(
      [
        { path: 'package/a.bin', content: Buffer.alloc(600) },
        { path: 'package/b.bin', content: Buffer.alloc(600) },
      ],
      { limitBytes: 1000 },
    );
    assert.deepEqual(outcome, { ok: false, refusal: { kind: 'too-big' } });
  });

  it('calls bytes that are not a gzip tar corrupt', () => {
    const notAnArchive = Buffer.from('<html>a proxy error page</html>');
    const { outcome } = unpackInto([], { tgz: notAnArchive });
    assert.deepEqual(outcome, { ok: false, refusal: { kind: 'corrupt' } });
  });

  it('tells a disk that refuses the writes apart from a bad archive', () => {
    const tgz = tgzBuffer([{ path: 'package/index.js', content: 'x' }]);
    const outcome = unpack({ tgz, limitBytes: 1024, expected: null, staging: path.join(os.tmpdir(), 'no-such-folder', String(process.pid)) });
    assert.ok(!outcome.ok && 'disk' in outcome);
    assert.equal(outcome.disk.code, 'ENOENT');
  });

  it('unpacks an archive read a few bytes at a time as it does whole, telling of each file as its entry passes', () => {
    const entries: TarEntry[] = [
      { path: 'package/package.json', content: '{"name":"lib","version":"1.0.0"}' },
      { path: 'package/dist/big.js', content: crypto.randomBytes(200 * 1024).toString('base64') },
      { path: 'package/alias.js', type: 'symlink', linkpath: 'dist/big.js' },
      { path: 'package/z.js', content: 'export const z = 26;\n' },
    ];
    const tgz = tgzBuffer(entries);
    const told: string[] = [];
    const unpacker = new Unpacker({ limitBytes: 1024 * 1024, expected: sha512(tgz), staging: null }, (file, bytes) => {
      assert.equal(crypto.createHash('sha256').update(bytes).digest('hex'), file.sha256Hex);
      told.push(file.path);
    });
    for (let at = 0; at < tgz.length; at += 1000) unpacker.write(tgz.subarray(at, at + 1000));
    const streamed = unpacker.end();
    const whole = unpack({ tgz, limitBytes: 1024 * 1024, expected: sha512(tgz), staging: null });
    assert.ok(streamed.ok && whole.ok);
    assert.deepEqual(streamed.files, whole.files);
    assert.deepEqual(streamed.manifest, whole.manifest);
    assert.deepEqual(told, ['/package.json', '/dist/big.js', '/z.js']);
  });

  it('read as it arrives, calls an archive that is not the one the registry published that, whatever else is wrong with it', () => {
    const tgz = tgzBuffer([
      { path: 'package/a.js', content: 'a' },
      { path: 'package/../../escape.js', content: 'x' },
    ]);
    const unpacker = new Unpacker({ limitBytes: 1024, expected: sha512(Buffer.from('the published archive')), staging: null });
    unpacker.write(tgz);
    assert.deepEqual(unpacker.end(), { ok: false, refusal: { kind: 'digest-mismatch' } });
    const published = new Unpacker({ limitBytes: 1024, expected: sha512(tgz), staging: null });
    published.write(tgz);
    const outcome = published.end();
    assert.ok(!outcome.ok && 'refusal' in outcome && outcome.refusal.kind === 'unsafe');
  });
});
