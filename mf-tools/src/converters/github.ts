/**
 * GitHub links: a file (`blob/`, `raw/`, or on raw.githubusercontent.com), a folder (`tree/`), a release
 * (`releases/tag/...`, `releases/latest`) or the repository itself becomes our `/gh/` link: a file's link, or the
 * listing of a folder. A ref that is not a full commit is looked up through our own data API, never from the
 * browser to GitHub; a failed lookup keeps the ref as written.
 */
import { getJson } from '@skylift/shared';
import { ConversionError, Lookup, SCHEME, settleConversion, trimSlash, type ConversionTargets } from './types';

export const GITHUB_ERROR = "Sorry, this doesn't look like a valid GitHub link :(";

const NAME = '([A-Za-z0-9_.-]+)';
/** github.com/{owner}/{repo}, then a place in it: `{blob|raw|tree}/{ref}/{path}`, `{ref}/{path}`, or a release. */
const GITHUB_LINK = new RegExp(`${SCHEME}(?:www\\.)?github\\.com/${NAME}/${NAME}(?:/(.*))?$`, 'i');
/** raw.githubusercontent.com/{owner}/{repo}/{ref}/{path}; the ref may be written `refs/heads/{branch}` or `refs/tags/{tag}`. */
const RAW_LINK = new RegExp(`${SCHEME}raw\\.githubusercontent\\.com/${NAME}/${NAME}/(?:refs/(?:heads|tags)/)?([^/]+)/(.+)$`, 'i');
const COMMIT = /^[0-9a-f]{40}$/i;

/**
 * The commit a ref stands for when our data API resolves it to a full commit that starts with it (a
 * shortened commit); otherwise the ref itself (a tag or a branch keeps its name in the link).
 */
export async function resolveRef(user: string, repo: string, ref: string, dataApiUrl: string): Promise<string> {
  const url = `${trimSlash(dataApiUrl)}/v1/packages/gh/${encodeURIComponent(user)}/${encodeURIComponent(repo)}/resolved?specifier=${encodeURIComponent(ref)}`;
  try {
    const { version } = await getJson<{ version: string | null }>(url);
    return typeof version === 'string' && COMMIT.test(version) && version.toLowerCase().startsWith(ref.toLowerCase()) ? version : ref;
  } catch {
    return ref;
  }
}

/** What a link points at in the repository: a ref (none for the newest release) and a path ('' for the root). */
interface Place {
  user: string;
  repo: string;
  ref: string | null;
  path: string;
  /** A folder: the link is its listing, with a trailing slash. */
  folder: boolean;
}

function placeOf(input: string): Place | null {
  const raw = RAW_LINK.exec(input);
  if (raw) return { user: raw[1]!, repo: raw[2]!, ref: raw[3]!, path: raw[4]!, folder: false };
  const match = GITHUB_LINK.exec(input);
  if (!match) return null;
  const user = match[1]!;
  const repo = match[2]!.replace(/\.git$/i, '');
  const rest = (match[3] ?? '').replace(/[?#].*$/, '').replace(/\/+$/, '');
  if (rest === '') return { user, repo, ref: null, path: '', folder: true };
  if (rest === 'releases/latest') return { user, repo, ref: null, path: '', folder: true };
  const release = /^releases\/tag\/([^/]+)$/.exec(rest);
  if (release) return { user, repo, ref: decodeURIComponent(release[1]!), path: '', folder: true };
  // A release's downloads are files attached to it, not files of the repository: there is nothing to serve.
  if (rest.startsWith('releases/')) return null;
  const tree = /^tree\/([^/]+)(?:\/(.+))?$/.exec(rest);
  if (tree) return { user, repo, ref: tree[1]!, path: tree[2] ?? '', folder: true };
  const file = /^(?:(?:blob|raw)\/)?([^/]+)\/(.+)$/.exec(rest);
  if (file) return { user, repo, ref: file[1]!, path: file[2]!, folder: false };
  return null;
}

/** The `/gh/` link of a GitHub link, or the lookup of its ref that gives it. */
export function planGitHub(input: string, targets: ConversionTargets): string | Lookup {
  const place = placeOf(input.trim());
  if (!place) throw new ConversionError(GITHUB_ERROR);
  const { user, repo, path, folder } = place;
  const base = `${trimSlash(targets.cdnUrl)}/gh/${user}/${repo}`;
  const tail = `${path === '' ? '' : `/${path}`}${folder ? '/' : ''}`;
  const ref = place.ref === 'latest' ? null : place.ref;
  if (ref === null) return `${base}${tail}`;
  if (COMMIT.test(ref)) return `${base}@${ref}${tail}`;
  return new Lookup(`the commit of ${ref}`, async () => `${base}@${await resolveRef(user, repo, ref, targets.dataApiUrl)}${tail}`);
}

/** The `/gh/` link of a GitHub link, its ref looked up when it must be. */
export async function convertGitHub(input: string, targets: ConversionTargets): Promise<string> {
  return settleConversion(planGitHub(input, targets));
}
