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

/** Thrown by a conversion for an input it cannot convert; its message is the converter's error text. */
export class ConversionError extends Error {
  override name = 'ConversionError';
}

export type Convert = (input: string, targets: ConversionTargets) => string | Promise<string>;

export const trimSlash = (url: string): string => url.replace(/\/+$/, '');
