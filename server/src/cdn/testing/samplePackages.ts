/** The packages the HTTP layer's tests serve. */
import type { MemoryPackage } from '../../packages/testing/memoryPackageStore.ts';

const bigJs = `/* utility library */\n${Array.from({ length: 300 }, (_, i) => `export function helper${i}(value) {\n  const doubled = value * ${i};\n  return doubled + ${i};\n}`).join('\n')}\n`;

export const SAMPLE_JS = `function greet(name) {\n  var message = "Hello, " + name;\n  return message;\n}\nwindow.greet = greet;\n`;
export const SAMPLE_CSS = `.button {\n  color: #ff0000;\n  padding: 0px 0px 0px 0px;\n}\n`;

export const SAMPLE_PACKAGES: MemoryPackage[] = [
  {
    ref: { type: 'npm', name: 'demo-lib' },
    tags: { latest: '1.2.0', beta: '2.0.0-beta.1' },
    versions: {
      '1.0.0': { files: { '/package.json': '{"name":"demo-lib","version":"1.0.0"}', '/index.js': 'module.exports = 1;\n' }, default: '/index.js' },
      '1.2.0': {
        default: '/dist/demo.js',
        files: {
          '/package.json': '{"name":"demo-lib","version":"1.2.0"}',
          '/dist/demo.js': SAMPLE_JS,
          '/dist/style.css': SAMPLE_CSS,
          '/dist/big.js': bigJs,
          '/dist/broken.js': 'function (',
          '/dist/page.html': '<!doctype html><script>alert(1)</script>',
          '/dist/page.xhtml': '<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>',
          '/dist/icon.svg': '<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>',
          '/dist/evil.svg': '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="1"/></svg>',
          '/dist/prefixed.svg':
            '<svg xmlns="http://www.w3.org/2000/svg" xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(1)</s:script><a href="javascript&#58;alert(1)"><circle r="1"/></a></svg>',
          '/dist/feed.xml': '<?xml version="1.0"?><x:html xmlns:x="http://www.w3.org/1999/xhtml"><x:script>alert(1)</x:script></x:html>',
          '/dist/data.json': '{"a":1}',
          '/dist/font.woff2': Buffer.from([0x77, 0x4f, 0x46, 0x32, 1, 2, 3]),
          '/dist/module.wasm': Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]),
          '/dist/image.png': Buffer.from([0x89, 0x50, 0x4e, 0x47]),
          '/dist/types.d.ts': 'export declare const x: number;\n',
          '/dist/sub/deep.js': 'export const deep = true;\n',
          '/dist/<b>&"weird".js': 'export const weird = 1;\n',
          '/README.md': '# demo\n',
          '/LICENSE': 'MIT',
        },
      },
      '2.0.0-beta.1': { files: { '/index.js': 'beta' }, default: '/index.js' },
    },
  },
  {
    ref: { type: 'npm', name: '@scope/pkg' },
    tags: { latest: '3.1.4' },
    versions: {
      '3.1.4': { default: '/main.min.js', files: { '/main.js': 'var scoped = 1;\n', '/main.min.js': 'var scoped=1;' } },
    },
  },
  {
    ref: { type: 'npm', name: 'no-default' },
    tags: { latest: '0.1.0' },
    versions: { '0.1.0': { default: null, files: { '/lib/a.txt': 'a' } } },
  },
  {
    ref: { type: 'npm', name: 'styles-only' },
    tags: { latest: '1.0.0' },
    versions: { '1.0.0': { default: '/css/theme.css', files: { '/css/theme.css': SAMPLE_CSS } } },
  },
  {
    ref: { type: 'gh', name: 'octo/repo' },
    tags: { latest: '1.1.0' },
    branches: { main: 'main-tree' },
    commits: { '0123456789abcdef0123456789abcdef01234567': 'main-tree' },
    versions: {
      '1.0.0': { files: { '/src/a.js': 'var a = 1;\n' } },
      '1.1.0': { files: { '/src/a.js': 'var a = 11;\n', '/README.md': '# repo\n' }, default: null },
      'main-tree': { files: { '/src/a.js': 'var a = "main";\n' } },
    },
  },
];
