/**
 * What the website's image proxy may fetch (`SKYLIFT_IMAGE_PROXY_HOSTS`) and within which limits. Readmes,
 * search hits and package pages show images from other hosts through it, so a visitor's browser talks only
 * to our origins; a host outside the list is refused, so the proxy cannot be pointed at anything else.
 */

export interface ImageProxyConfig {
  /** Host names (`img.shields.io`), `*.`-prefixed for every subdomain (`*.githubusercontent.com`), optionally `:port`. */
  hosts: string[];
  /** Largest image fetched and served, bytes. */
  maxBytes: number;
  /** Time limit of one upstream fetch, redirects included. */
  timeoutMs: number;
}

/**
 * The kinds of hosts readmes and package records point images at: avatars (the code host's `/{user}.png`
 * redirects to its avatar host; Gravatar), the code host's own image hosts, status badges, wiki media and
 * the funding platforms' buttons and backer images.
 */
export const DEFAULT_IMAGE_PROXY_HOSTS: readonly string[] = [
  // Avatars and the code host's images (raw files, attachments, camo, avatars).
  'github.com',
  '*.githubusercontent.com',
  'gravatar.com',
  '*.gravatar.com',
  'gitlab.com',
  // Badges.
  'img.shields.io',
  'badgen.net',
  'flat.badgen.net',
  'badge.fury.io',
  'packagephobia.com',
  'img.badgesize.io',
  'codecov.io',
  'coveralls.io',
  'api.travis-ci.com',
  'travis-ci.com',
  'travis-ci.org',
  'circleci.com',
  'dl.circleci.com',
  'ci.appveyor.com',
  'dev.azure.com',
  'api.codeclimate.com',
  'sonarcloud.io',
  'snyk.io',
  'app.fossa.com',
  'bestpractices.coreinfrastructure.org',
  'www.bestpractices.dev',
  'api.securityscorecards.dev',
  'badges.gitter.im',
  'nodei.co',
  // Wiki media.
  'upload.wikimedia.org',
  // Funding platforms.
  'opencollective.com',
  '*.opencollective.com',
  'liberapay.com',
  'ko-fi.com',
  'storage.ko-fi.com',
  'cdn.ko-fi.com',
  'www.buymeacoffee.com',
  'cdn.buymeacoffee.com',
  'img.buymeacoffee.com',
  'c5.patreon.com',
  'polar.sh',
  'tidelift.com',
];

const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 10_000;

/** A host entry as written in the list, lowercased; null when it is not one. */
function hostEntry(raw: string): string | null {
  const entry = raw.trim().toLowerCase();
  return /^(?:\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?$/.test(entry) ? entry : null;
}

/** `SKYLIFT_IMAGE_PROXY_HOSTS` (comma-separated host names) replaces the defaults; a malformed entry stops the start. */
export function parseImageProxyHosts(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return [...new Set(DEFAULT_IMAGE_PROXY_HOSTS)];
  const entries = value
    .split(',')
    .map((raw) => raw.trim())
    .filter(Boolean);
  return entries.map((raw) => {
    const entry = hostEntry(raw);
    if (!entry) throw new Error(`SKYLIFT_IMAGE_PROXY_HOSTS: "${raw}" is not a host name (img.shields.io, *.example.org, localhost:8080)`);
    return entry;
  });
}

export function imageProxyConfig(
  env: Record<string, string | undefined>,
  parseBytes: (key: string, fallback: number) => number,
  int: (key: string, fallback: number) => number,
): ImageProxyConfig {
  return {
    hosts: parseImageProxyHosts(env['SKYLIFT_IMAGE_PROXY_HOSTS']),
    maxBytes: parseBytes('SKYLIFT_IMAGE_PROXY_MAX_SIZE', DEFAULT_MAX_BYTES),
    timeoutMs: int('SKYLIFT_IMAGE_PROXY_TIMEOUT_MS', DEFAULT_TIMEOUT_MS),
  };
}
