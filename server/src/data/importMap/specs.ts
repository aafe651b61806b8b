/**
 * The package list an import map is asked for: `react@18, react-dom@18/client?dev, lit` (commas, spaces or new
 * lines between specs, `splitSpecList`), each spec with the `+esm` build options it wants after `?`. Bounded so
 * that one request cannot ask for a whole registry's builds.
 */
import semver from 'semver';
import { splitSpecList } from '@skylift/shared/esm';
import { npmNameProblem } from '../../packages/npm/npmName.ts';
import { badRequest } from '../http/errors.ts';

/** Specs in one request: a page's worth of direct imports. */
export const MAX_SPECS = 20;
/** Characters of the whole list, and of one spec's range and subpath. */
export const MAX_LIST_LENGTH = 2_000;
const MAX_RANGE_LENGTH = 100;
const MAX_SUBPATH_LENGTH = 200;
const MAX_QUERY_LENGTH = 500;

export interface ImportSpec {
  /** As the user wrote it, for messages. */
  text: string;
  name: string;
  /** A range, tag or exact version; '' for the latest. */
  range: string;
  /** '' for the package's main module, else `/client` and the like. */
  subpath: string;
  /**
   * The `+esm` build options, as written after `?` (`dev&target=es2020`), '' for none. The CDN reads them as it
   * reads any `+esm` URL's (a bad value is its 400, naming the option).
   */
  query: string;
}

function parseOne(text: string): ImportSpec {
  const queryAt = text.indexOf('?');
  const query = queryAt < 0 ? '' : text.slice(queryAt + 1);
  if (query.length > MAX_QUERY_LENGTH || !/^[\w.,@/=&%~+-]*$/.test(query))
    throw badRequest(`Invalid parameter value: "${text}" has invalid build options after "?".`);
  const match = /^((?:@[^/@]+\/)?[^/@]+)(?:@([^/]*))?(\/.*)?$/.exec(queryAt < 0 ? text : text.slice(0, queryAt));
  if (!match) throw badRequest(`Invalid parameter value: "${text}" is not a package spec (name[@range][/subpath]).`);
  const name = match[1]!;
  const problem = npmNameProblem(name);
  if (problem) throw badRequest(`Invalid parameter value: "${text}": ${problem}`);
  const range = (match[2] ?? '').trim();
  if (range.length > MAX_RANGE_LENGTH || (range !== '' && !semver.validRange(range) && !/^[A-Za-z][\w.-]*$/.test(range)))
    throw badRequest(`Invalid parameter value: "${text}" has no valid range, version or tag after "@".`);
  const subpath = (match[3] ?? '').replace(/\/+$/, '');
  if (subpath.length > MAX_SUBPATH_LENGTH || /(^|\/)\.\.?(\/|$)|[\\?#%]/.test(subpath))
    throw badRequest(`Invalid parameter value: "${text}" has an invalid subpath.`);
  return { text, name, range, subpath, query };
}

/** The specs of a list, each once, in the order written; a 400 naming the first bad one. */
export function parseSpecs(list: string): ImportSpec[] {
  if (list.length > MAX_LIST_LENGTH) throw badRequest(`Invalid parameter value: packages must be at most ${MAX_LIST_LENGTH} characters.`);
  const texts = [...new Set(splitSpecList(list))];
  if (texts.length === 0) throw badRequest('Invalid parameter value: packages must name at least one package, as in "react@18, react-dom@18/client".');
  if (texts.length > MAX_SPECS) throw badRequest(`Invalid parameter value: packages must name at most ${MAX_SPECS} packages, got ${texts.length}.`);
  return texts.map(parseOne);
}

/** The import map key of a spec: what the page's code imports. */
export function specifierOf(spec: ImportSpec): string {
  return `${spec.name}${spec.subpath}`;
}
