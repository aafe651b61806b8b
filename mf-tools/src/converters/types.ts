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

/**
 * A conversion that must ask before it can answer (GitHub: a ref to its commit). A converter returns it instead of
 * starting the request, so the page decides when to ask (after a pause in typing) and shows that it is asking.
 */
export class Lookup {
  constructor(
    /** What is looked up, for the page to say while it waits ("the commit of main"). */
    readonly subject: string,
    readonly run: () => Promise<string>,
  ) {}
}

/** The converted link at once, or the lookup that gives it; throws a ConversionError for a link it does not take. */
export type Convert = (input: string, targets: ConversionTargets) => string | Lookup;

/** The converted link, looked up when it must be. */
export const settleConversion = async (outcome: string | Lookup): Promise<string> => (typeof outcome === 'string' ? outcome : outcome.run());

/** `https://`, `http://` or `//` (a protocol-relative link, common in old HTML), before a host. */
export const SCHEME = '^(?:https?:)?//';

export const trimSlash = (url: string): string => url.replace(/\/+$/, '');
