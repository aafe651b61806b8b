/**
 * `const require = createRequire(import.meta.url); require('../../package.json')`: an ES module requiring a file of
 * its own package through a require made for its own address (@achingbrain/ssdp 4 reads its name and version so).
 * Loaded from this CDN, that address is a web address no require can read from, so each such call with a literal
 * relative path is made a plain `require()` of the file, which the build bundles like any other (a JSON file as
 * its data). Calls with a computed path, or naming another package, are left as they are.
 */

/** `const req = createRequire(import.meta.url)` (or `module.createRequire`), the name it is given. */
const MADE = /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:[A-Za-z_$][\w$]*\.)?createRequire\(\s*import\.meta\.url\s*\)/g;

/** `code` with each call of such a require by a literal relative path made a `require()` of that path. */
export function ownRequiresToRequire(code: string): string {
  if (!code.includes('createRequire')) return code;
  const names = [...code.matchAll(MADE)].map((match) => match[1]!).filter((name) => name !== 'require');
  let out = code;
  for (const name of new Set(names)) {
    const escaped = name.replace(/\$/g, '\\$');
    out = out.replace(
      new RegExp(`(?<![\\w$.])${escaped}\\(\\s*(['"])(\\.{1,2}/[^'"\\n]+)\\1\\s*\\)`, 'g'),
      (_call, quote: string, file: string) => `require(${quote}${file}${quote})`,
    );
  }
  return out;
}
