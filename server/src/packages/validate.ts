/** Checks of what a request names, so that malformed input gets a clear 400 before any upstream is asked. */
import { isNpmName } from './npm/npmName.ts';
import { PackageError, type PackageRef } from './types.ts';

const GH_USER = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const GH_REPO = /^[A-Za-z0-9._-]{1,100}$/;
const MAX_REQUESTED = 256;

const shown = (text: string): string => (text.length > 100 ? `${text.slice(0, 100)}...` : text);

export function validateRef(ref: PackageRef): void {
  if (ref.type === 'npm') {
    if (typeof ref.name !== 'string' || !isNpmName(ref.name)) throw PackageError.badRequest(`Invalid npm package name: ${shown(String(ref.name))}.`);
    return;
  }
  if (ref.type === 'gh') {
    const [user, repo, extra] = typeof ref.name === 'string' ? ref.name.split('/') : [];
    if (!user || !repo || extra !== undefined || !GH_USER.test(user) || !GH_REPO.test(repo) || repo === '.' || repo === '..') {
      throw PackageError.badRequest(`Invalid GitHub repository: ${shown(String(ref.name))}.`);
    }
    return;
  }
  throw PackageError.badRequest('Unknown package type.');
}

/** Versions, ranges, tags, branches and commits: printable, bounded, no path separators beyond what refs allow. */
export function validateRequested(requested: string): void {
  // Control characters are exactly what this refuses, so the pattern names them.
  // eslint-disable-next-line no-control-regex
  if (typeof requested !== 'string' || requested.length > MAX_REQUESTED || /[\u0000-\u001f\u007f]/.test(requested) || requested.includes('..')) {
    throw PackageError.badRequest(`Invalid version: ${shown(String(requested))}.`);
  }
}
