/**
 * What every converter shares: the service URLs a conversion builds on (from the runtime configuration,
 * never compiled in) and the rejection a conversion uses for an input it does not accept.
 */
export interface ConversionTargets {
  /** Our CDN's base URL, without a trailing slash. */
  cdnUrl: string;
  /** esm.run's base URL, without a trailing slash. */
  esmRunUrl: string;
  /** The data API's base URL, without a trailing slash (the GitHub converter resolves refs through it). */
  dataApiUrl: string;
}

/** One kind of link, as the other service writes it (the comparison tables' samples; data, so tests read it too). */
export interface ComparisonExample {
  /** What the link loads ("An exact version", ...). */
  label: string;
  /** The link in the other service's form. */
  link: string;
}

/** Thrown by a conversion for an input it cannot convert; its message is the converter's error text. */
export class ConversionError extends Error {
  override name = 'ConversionError';
}

export type Convert = (input: string, targets: ConversionTargets) => string | Promise<string>;

export const trimSlash = (url: string): string => url.replace(/\/+$/, '');
