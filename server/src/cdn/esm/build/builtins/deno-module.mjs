// Deno's `node:module` in a Deno build, with one difference: `createRequire` also takes the web address a
// module of this CDN is loaded from (its `import.meta.url`, as yargs-parser passes it while it loads), as the
// path of that address (`deno-url.mjs`): the require it gives fails where it is called, as for a missing file.
import module from 'node:module';
import { fileURLToPath } from './deno-url.mjs';

export * from 'node:module';

export function createRequire(from) {
  return module.createRequire(/^https?:/i.test(String(from instanceof URL ? from.href : from)) ? fileURLToPath(from) : from);
}

export default { ...module, createRequire };
