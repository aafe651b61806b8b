/** Deterministic file contents for the benchmarks: JavaScript that looks like a real library, and filler that does not compress. */
import crypto from 'node:crypto';

export function libraryJs(bytes: number, seed = 'bench'): string {
  const parts: string[] = [`/* ${seed}: generated library for benchmarks */\n(function (global) {\n  'use strict';\n`];
  let size = parts[0]!.length;
  for (let i = 0; size < bytes; i++) {
    const fn = `  function transform${i}(input, options) {\n    var result = [];\n    for (var index = 0; index < input.length; index++) {\n      var value = input[index] * ${i % 97} + (options && options.offset ? options.offset : ${i});\n      if (value % 3 === 0) { result.push(String(value) + '-${seed}-${i}'); } else { result.push(value); }\n    }\n    return result;\n  }\n  global.transform${i} = transform${i};\n`;
    parts.push(fn);
    size += fn.length;
  }
  parts.push('})(typeof window !== "undefined" ? window : globalThis);\n');
  return parts.join('');
}

/** Bytes that gzip cannot shrink, so a package's tarball is as large as its content. */
export function incompressible(bytes: number, seed: string): Buffer {
  const out = Buffer.alloc(bytes);
  let counter = 0;
  for (let offset = 0; offset < bytes; offset += 32) {
    crypto.createHash('sha256').update(`${seed}:${counter++}`).digest().copy(out, offset);
  }
  return out;
}
