// Packages a browser cannot run and Deno can (npm-run-path 6, yargs 18): a name given only under the node
// condition, and a package computing its own folder and a require() from import.meta.url while it loads.
import assert from 'node:assert/strict';
import { binFolder } from 'cdn/node-condition-user@6.0.0/+esm';
import { canRequire, folder, parse } from 'cdn/own-path-lib@18.2.0/+esm';
import { message } from 'cdn/json-attribute-user@8.1.2/+esm';

Deno.test('node-condition: toPath, which the dependency gives only under the node condition, is there', () => {
  assert.equal(binFolder({ cwd: new URL('file:///work/app') }), '/work/app/node_modules/.bin');
});

Deno.test("own-path: fileURLToPath and createRequire of the module's own web address load; the path is the file's on the CDN", () => {
  assert.equal(folder, '/npm/own-path-lib@18.2.0');
  assert.equal(canRequire, true);
  assert.deepEqual(parse(['serve', '--port', '8080']), { _: ['serve'], port: '8080' });
});

Deno.test("json-attribute: another package's JSON imported with { type: 'json' } is its build, a JavaScript module Deno accepts", () => {
  assert.equal(message('404'), 'Not Found');
});
