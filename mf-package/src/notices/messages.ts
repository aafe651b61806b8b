import { isApiErrorBody } from '@skylift/shared';

/** The package page's notice texts, exactly as the error catalogue writes them. */
// The web server writes the same sentence into the page's HTML, so it lives in the shared library.
export { packageNotFoundText as notFoundText } from '@skylift/shared/pages';

export const failedToLoadText = (name: string): string =>
  `Package ${name} failed to load. There might be a problem with your internet connection. Try refreshing the page a few times. If the problem persists, file an issue on GitHub.`;

/**
 * The failure in words that name its real cause: the catalogue's sentence about the visitor's connection
 * only when the request never got an answer; an HTTP status says who failed.
 */
export function failureCauseText(name: string, type: 'npm' | 'gh', reason: unknown): string {
  // Refused by the operator (allow-list, deny-list): the data API's own sentence says why, and retrying will not help.
  if (isApiErrorBody(reason) && reason.status === 403) return reason.message;
  if (typeof reason !== 'number') return failedToLoadText(name);
  const source = type === 'npm' ? 'the npm registry' : 'GitHub';
  if (reason === 502 || reason === 504)
    return `Package ${name} failed to load: ${source} did not answer our servers properly (HTTP ${reason}). Please retry in a few minutes and if the problem persists, file an issue on GitHub.`;
  if (reason === 429) return `Package ${name} failed to load: too many requests were made in a short time (HTTP 429). Please retry in a minute.`;
  if (reason === 503)
    return `Package ${name} failed to load: our service is busy or down for maintenance (HTTP 503). Please retry in a few minutes and if the problem persists, file an issue on GitHub.`;
  if (reason >= 500)
    return `Package ${name} failed to load: our data service ran into an error (HTTP ${reason}). Please retry in a few minutes and if the problem persists, file an issue on GitHub.`;
  return `Package ${name} failed to load: the request was refused (HTTP ${reason}). If the problem persists, file an issue on GitHub.`;
}

export const unknownVersionText = (name: string, requested: string, shown: string): string =>
  `Version ${requested} of ${name} was not found, so version ${shown} is shown.`;

export const missingFolderText = (name: string, version: string, path: readonly string[]): string =>
  `${name}@${version} has no folder /${path.join('/')}: its top folder is shown instead.`;

export const NO_RELEASE_TEXT = "This package doesn't have any release on GitHub.";
export const FILES_LOADING_TEXT = 'Files are loading...';
export const FILES_FAILED_TEXT = 'Failed to load the file listing.';

/** Which entry files were guessed: one sentence per case of the catalogue's 'JS file / CSS file / files'. */
export function noDefaultFileText(jsGuessed: boolean, cssGuessed: boolean): string {
  if (jsGuessed && !cssGuessed) return 'No default JS file set by the package author so the URL is guessed';
  if (cssGuessed && !jsGuessed) return 'No default CSS file set by the package author so the URL is guessed';
  return 'No default files set by the package author so the URLs are guessed';
}

/**
 * The listing failed because the package is over its size limit. The limit is the operator's (150 MB for npm
 * packages and 50 MB for GitHub repositories by default, some packages have their own), so it is read from the
 * refusal, which names the limit it was made under.
 */
export function isSizeExceeded(message: string): boolean {
  return /size exceeded/i.test(message);
}

/** The limit a size refusal names ("... the configured limit of 150 MB."), or null when it names none. */
export function sizeLimitOf(message: string): string | null {
  return /limit of (\d+(?:\.\d+)? ?[KMGT]?B)\b/i.exec(message)?.[1] ?? null;
}
