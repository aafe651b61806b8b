// Deno's `node:url` in a Deno build, with one difference: `fileURLToPath` also takes the web address a module
// of this CDN is loaded from (its `import.meta.url`), and gives that address's path (`/npm/yargs@18.2.0/...`),
// as a package computing its own folder while it loads (yargs, for its locales) needs. The path names no file
// on the disk: reading one there fails as for any missing file, where the package uses it, not while it loads.
import url from 'node:url';

export * from 'node:url';

const isWeb = (value) => /^https?:/i.test(String(value instanceof URL ? value.href : value));

export function fileURLToPath(value, options) {
  return isWeb(value) ? decodeURIComponent(new URL(value).pathname) : url.fileURLToPath(value, options);
}

export default { ...url, fileURLToPath };
