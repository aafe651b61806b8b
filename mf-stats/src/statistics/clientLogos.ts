/**
 * Brand marks of the browsers and platforms the statistics name, from simple-icons (CC0). Names are the
 * ones the request log's user-agent parser gives ("Mobile Safari", "macOS"); a client with no mark here
 * (Microsoft's are not in the set) gets the "Other" icon.
 */
import {
  siAndroid,
  siBrave,
  siDuckduckgo,
  siFirefoxbrowser,
  siFreebsd,
  siGooglechrome,
  siIos,
  siLinux,
  siMacos,
  siOpera,
  siSafari,
  siSamsung,
  siUbuntu,
  siVivaldi,
} from 'simple-icons';

export interface ClientLogo {
  title: string;
  /** SVG path in a 24 x 24 box. */
  path: string;
  /** Brand colour, `#rrggbb`. */
  color: string;
}

const logo = (icon: { title: string; path: string; hex: string }): ClientLogo => ({ title: icon.title, path: icon.path, color: `#${icon.hex}` });

/** Tested in order against the lower-cased name: the first pattern that matches names the mark. */
const MARKS: ReadonlyArray<[RegExp, ClientLogo]> = [
  [/^(mac ?os|os x)/, logo(siMacos)],
  [/^ios\b/, logo(siIos)],
  [/android/, logo(siAndroid)],
  [/ubuntu/, logo(siUbuntu)],
  [/freebsd/, logo(siFreebsd)],
  [/linux/, logo(siLinux)],
  [/samsung/, logo(siSamsung)],
  [/opera/, logo(siOpera)],
  [/brave/, logo(siBrave)],
  [/vivaldi/, logo(siVivaldi)],
  [/duckduckgo/, logo(siDuckduckgo)],
  [/firefox/, logo(siFirefoxbrowser)],
  [/chrom/, logo(siGooglechrome)],
  [/safari/, logo(siSafari)],
];

export function clientLogo(name: string): ClientLogo | null {
  const lower = name.toLowerCase();
  return MARKS.find(([pattern]) => pattern.test(lower))?.[1] ?? null;
}
