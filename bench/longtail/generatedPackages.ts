/**
 * The generated packages of the long-tail soak, all deterministic from the package name, version and path:
 * `packages` packages of 2 to 6 versions, each version 20 to 200 files of sizes from 200 B to 2 MB (log-normal,
 * median 4 kB). `makePackage` writes a package's tarballs and says what is in them; it runs in the maker threads
 * (`packageMakerThread.ts`), and `versionLayout` makes any one file again where a body is checked.
 *
 * The files look like a package's: an `index.js` that requires a few of its modules (CommonJS), every third
 * package an ES module build beside it (`module`, `exports`), modules under `lib/`, styles, JSON, maps,
 * markdown and binary assets. Scripts are valid JavaScript, so `+esm` builds and `.min.js` files can be made.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { tgzBuffer, type TarEntry } from '../../server/test/fixtures/upstream/tarWriter.ts';

export interface GeneratedFile {
  path: string;
  size: number;
  sha256: string;
}

export interface GeneratedVersion {
  version: string;
  files: GeneratedFile[];
  /** The path of `main`, which the CDN serves for the version's default file. */
  main: string;
  esm: boolean;
}

/** A number in [0, 1) from a string: the same string always gives the same number. */
export function unitHash(text: string): number {
  return crypto.createHash('sha256').update(text).digest().readUInt32BE(0) / 2 ** 32;
}

/** Log-normal sizes: median 4 kB, a long tail clipped to [200 B, 2 MB]. */
function fileSize(seed: string): number {
  const u1 = Math.max(unitHash(`${seed}:a`), 1e-9);
  const u2 = unitHash(`${seed}:b`);
  const normal = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  return Math.min(2 * 1024 * 1024, Math.max(200, Math.round(Math.exp(Math.log(4096) + 1.6 * normal))));
}

/** Text of about `size` bytes made of `unit(i)` repeated, cut at a line end. */
function fill(size: number, head: string, unit: (i: number) => string): string {
  const parts = [head];
  let length = head.length;
  for (let i = 0; length < size; i++) {
    const piece = unit(i);
    parts.push(piece);
    length += piece.length;
  }
  return parts.join('');
}

function script(seed: string, size: number, kind: 'cjs' | 'esm', requires: string[] = []): string {
  const head =
    kind === 'cjs'
      ? `'use strict';\n${requires.map((r, i) => `var dep${i} = require(${JSON.stringify(r)});\n`).join('')}module.exports.name = ${JSON.stringify(seed)};\n`
      : `export const name = ${JSON.stringify(seed)};\n`;
  return fill(size, head, (i) =>
    kind === 'cjs'
      ? `module.exports.f${i} = function f${i}(value) { return (value * ${i % 97}) + ${JSON.stringify(`${seed}-${i}`)}.length; };\n`
      : `export function f${i}(value) { return (value * ${i % 97}) + ${JSON.stringify(`${seed}-${i}`)}.length; }\n`,
  );
}

function binary(seed: string, size: number): Buffer {
  const out = Buffer.alloc(size);
  let counter = 0;
  for (let offset = 0; offset < size; offset += 32) crypto.createHash('sha256').update(`${seed}:${counter++}`).digest().copy(out, offset);
  return out;
}

const KINDS = ['lib-js', 'lib-js', 'lib-js', 'css', 'json', 'map', 'md', 'bin'] as const;

/** The files of one version, their contents made on demand. */
export function versionLayout(name: string, version: string): { esm: boolean; main: string; files: Array<{ path: string; make: () => Buffer }> } {
  const seed = `${name}@${version}`;
  const esm = unitHash(name) < 1 / 3;
  const count = 20 + Math.floor(unitHash(`${seed}:count`) * 181);
  const files: Array<{ path: string; make: () => Buffer }> = [];
  const libs: string[] = [];
  for (let i = 0; files.length < count - 3; i++) {
    const kind = KINDS[Math.floor(unitHash(`${seed}:${i}:kind`) * KINDS.length)]!;
    const size = fileSize(`${seed}:${i}`);
    if (kind === 'lib-js') {
      const file = `lib/m${i}.js`;
      libs.push(file);
      files.push({ path: file, make: () => Buffer.from(script(`${seed}/${file}`, size, 'cjs')) });
    } else if (kind === 'css')
      files.push({
        path: `styles/s${i}.css`,
        make: () => Buffer.from(fill(size, '', (j) => `.c${i}-${j} { margin: ${j % 17}px; color: #${(j * 4099) % 0xffffff}; }\n`)),
      });
    else if (kind === 'json')
      files.push({
        path: `data/d${i}.json`,
        make: () => Buffer.from(JSON.stringify({ seed, items: Array.from({ length: Math.max(1, Math.floor(size / 24)) }, (_, j) => `${j}-${seed}`) })),
      });
    else if (kind === 'map')
      files.push({
        path: `lib/m${i}.js.map`,
        make: () => Buffer.from(JSON.stringify({ version: 3, sources: [`m${i}.ts`], names: [], mappings: 'AAAA;'.repeat(Math.max(1, Math.floor(size / 5))) })),
      });
    else if (kind === 'md')
      files.push({ path: `docs/r${i}.md`, make: () => Buffer.from(fill(size, `# ${seed}\n\n`, (j) => `Line ${j} of the notes of ${seed}.\n`)) });
    else files.push({ path: `assets/b${i}.bin`, make: () => binary(`${seed}:${i}`, size) });
  }
  const requires = libs.slice(0, 3).map((file) => `./${file}`);
  files.push({ path: 'index.js', make: () => Buffer.from(script(`${seed}/index`, fileSize(`${seed}:index`), 'cjs', requires)) });
  if (esm) files.push({ path: 'esm/index.mjs', make: () => Buffer.from(script(`${seed}/esm`, fileSize(`${seed}:esm`), 'esm')) });
  const manifest: Record<string, unknown> = { name, version, main: 'index.js', license: 'MIT' };
  if (esm)
    Object.assign(manifest, {
      module: 'esm/index.mjs',
      exports: { '.': { import: './esm/index.mjs', require: './index.js' }, './package.json': './package.json', './*': './*' },
    });
  files.push({ path: 'package.json', make: () => Buffer.from(JSON.stringify(manifest, null, 2)) });
  return { esm, main: 'index.js', files };
}

/** 2 to 6 versions: 1.0.0, 1.1.0, 1.2.0, 2.0.0, ... */
export function versionNames(name: string): string[] {
  const count = 2 + Math.floor(unitHash(`${name}:versions`) * 5);
  return Array.from({ length: count }, (_, i) => `${1 + Math.floor(i / 3)}.${i % 3}.0`);
}

export interface MadeTarball {
  file: string;
  integrity: string;
  shasum: string;
  bytes: number;
}

/** A package as made: its versions and files, and each version's tarball on disk. */
export interface MadePackage {
  versions: GeneratedVersion[];
  tarballs: Map<string, MadeTarball>;
  files: number;
  bytes: number;
}

/** Makes every version of a package and writes its tarballs into `dir`. */
export function makePackage(name: string, dir: string): MadePackage {
  const made: MadePackage = { versions: [], tarballs: new Map(), files: 0, bytes: 0 };
  for (const version of versionNames(name)) {
    const layout = versionLayout(name, version);
    const entries: TarEntry[] = [];
    const files: GeneratedFile[] = [];
    for (const file of layout.files) {
      const content = file.make();
      const sha256 = crypto.createHash('sha256').update(content).digest('hex');
      entries.push({ path: `package/${file.path}`, content, mtime: new Date('2020-01-01T00:00:00Z') });
      files.push({ path: `/${file.path}`, size: content.length, sha256 });
      made.files++;
      made.bytes += content.length;
    }
    const tgz = tgzBuffer(entries);
    const tarball = path.join(dir, `${name}-${version}.tgz`);
    fs.writeFileSync(tarball, tgz);
    made.tarballs.set(version, {
      file: tarball,
      integrity: `sha512-${crypto.createHash('sha512').update(tgz).digest('base64')}`,
      shasum: crypto.createHash('sha1').update(tgz).digest('hex'),
      bytes: tgz.length,
    });
    made.versions.push({ version, files, main: `/${layout.main}`, esm: layout.esm });
  }
  return made;
}
