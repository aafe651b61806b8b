/**
 * What the contract's schemas cannot say about parameters (validated against them before a handler
 * runs): periods resolved to days, the country filter, package names and versions in paths. Anything
 * else is a 400 that says which parameter is wrong and what it accepts.
 */
import semver from 'semver';
import type { PackageRef } from '../packages/types.ts';
import { isNpmName } from '../packages/npm/npmName.ts';
import { countriesOf, isCountryCode, type ContinentCode } from '../stats/geography.ts';
import { parsePeriod, type ResolvedPeriod } from '../stats/periods.ts';
import { badRequest } from './http/errors.ts';

/** The period a request asks for (its default comes from the contract), resolved to days. */
export type PeriodResolver = (period: string) => Promise<ResolvedPeriod>;

/** Resolves periods at the clock's time; the first day with data is asked for only by `all`, the one period that starts there. */
export function periodResolver(now: () => Date, firstDay: () => Promise<string | undefined>): PeriodResolver {
  return async (period) => parsePeriod(period, { now: now(), firstDay: period === 'all' ? await firstDay() : undefined });
}

/** `country` or `continent` as the list of countries to include; undefined for everywhere. */
export function parseLocation({ country, continent }: { country?: string; continent?: ContinentCode }): {
  countries?: string[];
  country?: string;
  continent?: ContinentCode;
} {
  if (country !== undefined && continent !== undefined) {
    throw badRequest('Invalid parameter value: country and continent are mutually exclusive.');
  }
  if (country !== undefined) {
    if (!isCountryCode(country)) {
      throw badRequest(`Invalid parameter value: country must be an ISO 3166-1 alpha-2 code in uppercase, got "${country}".`);
    }
    return { countries: [country], country };
  }
  if (continent !== undefined) return { countries: countriesOf(continent), continent };
  return {};
}

const GH_PART = /^[A-Za-z0-9_.-]{1,100}$/;

export function validatePackage(ref: PackageRef): PackageRef {
  if (ref.type === 'npm') {
    if (!isNpmName(ref.name)) throw badRequest(`Invalid parameter value: "${ref.name}" is not a valid npm package name.`);
  } else {
    const [user, repo, extra] = ref.name.split('/');
    if (!user || !repo || extra !== undefined || !GH_PART.test(user) || !GH_PART.test(repo) || user.startsWith('.') || repo.startsWith('.')) {
      throw badRequest(`Invalid parameter value: "${ref.name}" is not a valid GitHub user/repo.`);
    }
  }
  return ref;
}

export function validateVersion(ref: PackageRef, version: string): string {
  if (version === '' || version.length > 200 || /[\s/\\]/.test(version)) {
    throw badRequest(`Invalid parameter value: version "${version}" is not valid.`);
  }
  if (ref.type === 'npm' && !semver.valid(version)) {
    throw badRequest(`Invalid parameter value: version must be an exact version (not a range or a tag), got "${version}".`);
  }
  return version;
}

export interface PackagePath {
  ref: PackageRef;
  /** Undefined when the path names no version. */
  version?: string;
  /** What follows: '', 'resolved', 'versions', 'badge', 'files', 'entrypoints'. */
  rest: string;
}

/**
 * Splits the part of a URL after `/npm/` or `/gh/`: `name`, `@scope/name`, `user/repo`, each optionally
 * followed by `@version` and then by `/suffix`.
 */
export function parsePackagePath(type: 'npm' | 'gh', path: string): PackagePath {
  let nameEnd: number;
  if (type === 'npm') {
    const from = path.startsWith('@') ? path.indexOf('/') + 1 : 0;
    if (path.startsWith('@') && from === 0) throw badRequest(`Invalid parameter value: "${path}" is not a valid npm package name.`);
    nameEnd = firstOf(path, ['@', '/'], from);
  } else {
    const slash = path.indexOf('/');
    if (slash < 0) throw badRequest(`Invalid parameter value: "${path}" is not a valid GitHub user/repo.`);
    nameEnd = firstOf(path, ['@', '/'], slash + 1);
  }
  const ref = validatePackage({ type, name: path.slice(0, nameEnd) });
  let remainder = path.slice(nameEnd);
  let version: string | undefined;
  if (remainder.startsWith('@')) {
    const slash = remainder.indexOf('/');
    version = slash < 0 ? remainder.slice(1) : remainder.slice(1, slash);
    remainder = slash < 0 ? '' : remainder.slice(slash);
  }
  return { ref, version, rest: remainder.replace(/^\//, '') };
}

function firstOf(text: string, chars: string[], from: number): number {
  let best = text.length;
  for (const c of chars) {
    const at = text.indexOf(c, from);
    if (at >= 0 && at < best) best = at;
  }
  return best;
}
