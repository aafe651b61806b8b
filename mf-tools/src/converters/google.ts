/**
 * Google Hosted Libraries links: `{host}/ajax/libs/{lib}/{version}/{file}`, with `https:`, `http:` or no scheme at
 * all (`//ajax.googleapis.com/...`, common in old HTML). Each library has its own place on npm or GitHub; these
 * mappings are facts of the public service the converter targets, not something a deployment configures. A
 * library or version with no copy on npm or GitHub (Ext Core, script.aculo.us, jQuery Mobile 1.4.5, ...) is
 * refused rather than pointed at other bytes.
 */
import { ConversionError, trimSlash, type ConversionTargets } from './types';

/** The one MooTools Core version npm has as a browser build. */
export const MOOTOOLS_NPM_VERSION = '1.5.1-dist';

export const GOOGLE_ERROR = "Sorry, this doesn't look like a valid Google hosted library link :(";

const GOOGLE_LINK = /^(?:https?:)?\/\/ajax\.googleapis\.com\/ajax\/libs\/([^/@]+)\/([^/@]+)\/([^?#]+)$/i;

/** The CDN path of a file, or null when this version or file has no equivalent. */
type Mapping = (version: string, file: string) => string | null;

/** `[major, minor, patch]` of a plain `x.y.z` version, or null for anything else. */
function parts(version: string): [number, number, number] | null {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/** Whether `version` is `x.y.z` and at least `min` (compared part by part). */
function atLeast(version: string, min: [number, number, number]): boolean {
  const v = parts(version);
  if (!v) return false;
  for (let i = 0; i < 3; i += 1) if (v[i] !== min[i]) return v[i]! > min[i]!;
  return true;
}

/**
 * three.js releases `rNN` as published on npm: mostly `0.NN.0`, a few first published as a later patch;
 * the releases missing here (r57, r59 to r65) were never published there.
 */
const THREE_RELEASES: Readonly<Record<number, string>> = { 58: '0.58.1', 76: '0.76.1' };
const THREE_UNPUBLISHED = new Set([57, 59, 60, 61, 62, 63, 64, 65]);

/**
 * Every path below was checked against what the npm packages really hold: jQuery has `dist/` from 1.11.0
 * and 2.1.0 (1.9.1 keeps its files at the root, other 1.x and 2.0.x are not on npm); d3 keeps its bundle at
 * the root in 3.x, in `build/` in 4.x and in `dist/` from 5.x; jQuery UI's built files are in
 * `jquery-ui-dist` from 1.12.0 to 1.13.x and in `jquery-ui`'s `dist/` from 1.14.0; myanmar-tools ships
 * its built scripts in `build_node/` in 1.1.x only; MooTools has a single browser build on npm.
 */
const LIBRARIES: Readonly<Record<string, Mapping>> = {
  // AngularJS: the core files in `angular`, each module `angular-{name}.js` in the npm package of that name, the
  // locales (`i18n/angular-locale_{id}.js`) in `angular-i18n`.
  angularjs: (v, f) => {
    if (!parts(v)) return null;
    const locale = /^i18n\/(angular-locale_[\w-]+\.js)$/.exec(f);
    if (locale) return `/npm/angular-i18n@${v}/${locale[1]}`;
    const module = /^angular-([a-z-]+?)(?:\.min)?\.js(?:\.map)?$/.exec(f);
    if (module && module[1] !== 'csp') return `/npm/angular-${module[1]}@${v}/${f}`;
    return /^angular(?:\.min)?\.js(?:\.map)?$|^angular-csp\.css$/.test(f) ? `/npm/angular@${v}/${f}` : null;
  },
  // CesiumJS: Google names a release by major.minor (`1.78`); npm publishes it as `1.78.x`, which the range reaches.
  cesiumjs: (v, f) => (/^\d+\.\d+$/.test(v) && f.startsWith('Build/') ? `/npm/cesium@${v}/${f}` : null),
  d3js: (v, f) => {
    const major = parts(v)?.[0];
    if (major === undefined || major < 3) return null;
    if (major === 3) return `/npm/d3@${v}/${f}`;
    return `/npm/d3@${v}/${major === 4 ? 'build' : 'dist'}/${f}`;
  },
  // Google serves dojo as `dojo/{name}.js`; the repository's builds are `{name}.min.js` at the root.
  dojo: (v, f) => `/gh/dojo/dojo@${v}/${f.slice(5, -3)}.min.js`,
  hammerjs: (v, f) => `/npm/hammerjs@${v}/${f}`,
  'indefinite-observable': (v, f) => `/npm/indefinite-observable@${v}/dist/${f}`,
  jquery: (v, f) => {
    if (v === '1.9.1') return `/npm/jquery@${v}/${f}`;
    const onNpm = atLeast(v, [1, 11, 0]) && (parts(v)![0] !== 2 || atLeast(v, [2, 1, 0]));
    return onNpm ? `/npm/jquery@${v}/dist/${f}` : null;
  },
  // jQuery Mobile: 1.4.1 in `jquery-mobile`'s dist/, 1.4.3 in `jquery-mobile-dist`, its files named with the version.
  jquerymobile: (v, f) => {
    if (!/\.(?:js|css)$/.test(f)) return null;
    if (v === '1.4.1') return `/npm/jquery-mobile@${v}/dist/${f}`;
    if (v === '1.4.3' && /^jquery\.mobile(?:\.min)?\.(?:js|css)$/.test(f))
      return `/npm/jquery-mobile-dist@${v}/${f.replace('jquery.mobile', `jquery.mobile-${v}`)}`;
    return null;
  },
  // jQuery UI's themes: every theme in `jquery-ui`'s dist/themes/ from 1.14.0, in `jquery-ui-themes` for 1.12.0;
  // for other 1.12 and 1.13 releases only the base theme, which `jquery-ui-dist` ships built as jquery-ui.css.
  jqueryui: (v, f) => {
    if (!atLeast(v, [1, 12, 0])) return null;
    if (atLeast(v, [1, 14, 0])) return `/npm/jquery-ui@${v}/dist/${f}`;
    if (f.startsWith('themes/')) {
      if (v === '1.12.0') return `/npm/jquery-ui-themes@${v}/${f}`;
      const base = /^themes\/base\/(jquery-ui(?:\.min)?\.css|images\/[\w.-]+)$/.exec(f);
      return base ? `/npm/jquery-ui-dist@${v}/${base[1]}` : null;
    }
    return `/npm/jquery-ui-dist@${v}/${f}`;
  },
  // <model-viewer>: its builds are in the npm package's dist/.
  'model-viewer': (v, f) => (parts(v) ? `/npm/@google/model-viewer@${v}/dist/${f}` : null),
  // npm has one browser build of MooTools Core, published as `1.5.1-dist`: every version converts to it.
  mootools: () => `/npm/mootools-core-dist@${MOOTOOLS_NPM_VERSION}/dist/mootools-core.min.js`,
  'myanmar-tools': (v, f) => (/^1\.1\.\d+$/.test(v) ? `/npm/myanmar-tools@${v}/build_node/${f}` : null),
  // Prototype: Google's 1.7.3.0 is the 1.7.3 release, whose built file the repository keeps in dist/.
  prototype: (v, f) => (v === '1.7.3.0' && f === 'prototype.js' ? `/gh/prototypejs/prototype@1.7.3/dist/${f}` : null),
  'shaka-player': (v, f) => `/npm/shaka-player@${v}/dist/${f}`,
  spf: (v, f) => `/npm/spf@${v}/dist/${f}`,
  swfobject: (v, f) => (v === '2.2' ? `/gh/swfobject/swfobject@2.2.0/${f}` : null),
  // three.js release rNN was published on npm as 0.NN.0 (with the exceptions above).
  threejs: (v, f) => {
    const release = /^r(\d+)$/i.exec(v);
    if (!release) return null;
    const number = Number(release[1]);
    if (number < 54 || THREE_UNPUBLISHED.has(number)) return null;
    return `/npm/three@${THREE_RELEASES[number] ?? `0.${number}.0`}/build/${f}`;
  },
  webfont: (v, f) => `/npm/webfontloader@${v}/${f.slice(0, -3)}loader.js`,
};

export function convertGoogle(input: string, targets: ConversionTargets): string {
  const match = GOOGLE_LINK.exec(input);
  const mapping = match ? LIBRARIES[match[1]!.toLowerCase()] : undefined;
  const path = match && mapping ? mapping(match[2]!, match[3]!) : null;
  if (path === null) throw new ConversionError(GOOGLE_ERROR);
  return `${trimSlash(targets.cdnUrl)}${path}`;
}
