/**
 * Google Hosted Libraries links: `{host}/ajax/libs/{lib}/{version}/{file}`. Each library
 * has its own place on npm or GitHub; these mappings are facts of the public service the converter
 * targets, not something a deployment configures.
 */
import { ConversionError, trimSlash, type ConversionTargets } from './types';

/** The one MooTools Core version npm has as a browser build. */
export const MOOTOOLS_NPM_VERSION = '1.5.1-dist';

export const GOOGLE_ERROR = "Sorry, this doesn't look like a valid Google hosted library link :(";

const GOOGLE_LINK = /^https?:\/\/ajax\.googleapis\.com\/ajax\/libs\/([^/@]+)\/([^/@]+)\/(.*)$/i;

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
  jquerymobile: (v, f) => (v === '1.4.1' && (f.endsWith('js') || f.endsWith('css')) ? `/npm/jquery-mobile@${v}/dist/${f}` : null),
  jqueryui: (v, f) => {
    if (f.includes('themes') || !atLeast(v, [1, 12, 0])) return null;
    return atLeast(v, [1, 14, 0]) ? `/npm/jquery-ui@${v}/dist/${f}` : `/npm/jquery-ui-dist@${v}/${f}`;
  },
  // npm has one browser build of MooTools Core, published as `1.5.1-dist`: every version converts to it.
  mootools: () => `/npm/mootools-core-dist@${MOOTOOLS_NPM_VERSION}/dist/mootools-core.min.js`,
  'myanmar-tools': (v, f) => (/^1\.1\.\d+$/.test(v) ? `/npm/myanmar-tools@${v}/build_node/${f}` : null),
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
