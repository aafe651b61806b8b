/**
 * GitHub links: a file on github.com or raw.githubusercontent.com becomes our `/gh/` link.
 * A ref that is not a full commit is looked up through our own data API, never from the browser to
 * GitHub; a failed lookup keeps the ref as written.
 */
import { getJson } from '@skylift/shared';
import { ConversionError, trimSlash, type ConversionTargets } from './types';

export const GITHUB_ERROR = "Sorry, this doesn't look like a valid GitHub link :(";

const GITHUB_LINK = /^https?:\/\/(?:github|raw\.githubusercontent)\.com\/([^/]+)\/([^/]+)(?:\/(?:blob|raw))?(?:\/([^/]+))?(?:\/(.*))?$/i;
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

export async function convertGitHub(input: string, targets: ConversionTargets): Promise<string> {
  const match = GITHUB_LINK.exec(input);
  if (!match) throw new ConversionError(GITHUB_ERROR);
  const [, user, repo, ref, file] = match as unknown as [string, string, string, string | undefined, string | undefined];
  const base = `${trimSlash(targets.cdnUrl)}/gh/${user}/${repo}`;
  // Without a ref and a file there is nothing to point at but the repository's listing.
  if (!ref || !file) return `${base}/`;
  if (ref === 'latest') return `${base}/${file}`;
  const version = COMMIT.test(ref) ? ref : await resolveRef(user, repo, ref, targets.dataApiUrl);
  return `${base}@${version}/${file}`;
}
