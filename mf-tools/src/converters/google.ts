/**
 * Google Hosted Libraries links: `{host}/ajax/libs/{lib}/{version}/{file}`. Each library
 * has its own place on npm or GitHub; these mappings are facts of the public service the converter
 * targets, not something a deployment configures.
 */
import { ConversionError, trimSlash, type ConversionTargets } from './types';

export const GOOGLE_ERROR = "Sorry, this doesn't look like a valid Google hosted library link :(";

const GOOGLE_LINK = /^https?:\/\/ajax\.googleapis\.com\/ajax\/libs\/([^/@]+)\/([^/@]+)\/(.*)$/i;

/** The CDN path of a file, or null when this version or file has no equivalent. */
type Mapping = (version: string, file: string) => string | null;

const LIBRARIES: Readonly<Record<string, Mapping>> = {
  d3js: (v, f) => `/npm/d3@${v}/dist/${f}`,
  // Google serves dojo as `dojo/{name}.js`; the repository's builds are `{name}.min.js` at the root.
  dojo: (v, f) => `/gh/dojo/dojo@${v}/${f.slice(5, -3)}.min.js`,
  hammerjs: (v, f) => `/npm/hammerjs@${v}/${f}`,
  'indefinite-observable': (v, f) => `/npm/indefinite-observable@${v}/dist/${f}`,
  jquery: (v, f) => `/npm/jquery@${v}/dist/${f}`,
  jquerymobile: (v, f) => (v === '1.4.1' && (f.endsWith('js') || f.endsWith('css')) ? `/npm/jquery-mobile@${v}/dist/${f}` : null),
  jqueryui: (v, f) => (f.includes('themes') ? null : `/npm/jquery-ui-dist@${v}/${f}`),
  mootools: () => '/npm/mootools-core-dist@1.5.1/dist/mootools-core.min.js',
  'myanmar-tools': (v, f) => `/npm/myanmar-tools@${v}/build_node/${f}`,
  'shaka-player': (v, f) => `/npm/shaka-player@${v}/dist/${f}`,
  spf: (v, f) => `/npm/spf@${v}/dist/${f}`,
  swfobject: (v, f) => (v === '2.2' ? `/gh/swfobject/swfobject@2.2.0/${f}` : null),
  // three.js release rNN was published on npm as 0.NN.0.
  threejs: (v, f) => {
    const release = /^r(\d+)$/i.exec(v);
    return release ? `/npm/three@0.${release[1]}.0/build/${f}` : null;
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
