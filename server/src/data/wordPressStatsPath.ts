/**
 * Splits the part of a statistics URL after `/v1/stats/packages/wp/`: `{plugins|themes}/{slug}`, optionally
 * followed by `@{version}` (a tag, a theme version or `trunk`) and then by `/suffix`. The name is the one the
 * request log counts the project under (`plugins/{slug}`, `themes/{slug}`).
 */
import { badRequest } from './http/errors.ts';

export interface WordPressStatsPath {
  ref: { type: 'wp'; name: string };
  version: string | undefined;
  /** What follows: '', 'versions', 'files'. */
  rest: string;
}

const SLUG = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
const VERSION = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,99}$/;

export function parseWordPressStatsPath(path: string): WordPressStatsPath {
  const [kind = '', second = '', ...tail] = path.split('/');
  if (kind !== 'plugins' && kind !== 'themes') throw badRequest(`Invalid parameter value: "${kind}" is neither plugins nor themes.`);
  const at = second.indexOf('@');
  const slug = at < 0 ? second : second.slice(0, at);
  const version = at < 0 ? undefined : second.slice(at + 1);
  if (!SLUG.test(slug)) throw badRequest(`Invalid parameter value: "${slug}" is not a valid WordPress slug.`);
  if (version !== undefined && !VERSION.test(version)) throw badRequest(`Invalid parameter value: version "${version}" is not valid.`);
  return { ref: { type: 'wp', name: `${kind}/${slug}` }, version, rest: tail.join('/') };
}
