/**
 * How large a package version may be unpacked: one limit for npm packages, one for GitHub repositories (a
 * repository's archive carries its sources, tests and history of builds, so it gets less), and the operator's
 * exceptions, one package or repository each with its own limit.
 */
/** A package or repository as the limits name it (the package layer's `PackageRef` is one). */
export interface SizedPackage {
  type: 'npm' | 'gh';
  name: string;
}

/** The part of the configuration's `limits` that sizes are read from. */
export interface SizeLimits {
  /** npm package versions, bytes (150 MB). */
  packageSizeBytes: number;
  /** GitHub repositories at a tag, branch or commit, bytes (50 MB). */
  githubSizeBytes: number;
  /** `npm:{name}` or `gh:{user}/{repo}` (lower case) to its own limit in bytes, replacing its kind's. */
  sizeExceptions: ReadonlyMap<string, number>;
}

const MB = 1024 * 1024;
export const DEFAULT_NPM_SIZE_LIMIT = 150 * MB;
export const DEFAULT_GITHUB_SIZE_LIMIT = 50 * MB;

/** Multipliers of the units a size may carry; sizes are counted as the refusal text counts them, in MiB. */
const UNITS: Record<string, number> = { '': 1, B: 1, KB: 1024, MB, GB: 1024 * MB };

/** `52428800`, `200MB`, `1.5 GB` to bytes; null when it is none of these or not above zero. */
export function parseSize(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?)\s*([KMG]?B)?$/i.exec(text.trim());
  if (!match) return null;
  const bytes = Math.round(Number(match[1]) * UNITS[(match[2] ?? '').toUpperCase()]!);
  return bytes > 0 ? bytes : null;
}

const exceptionKey = (ref: SizedPackage): string => `${ref.type}:${ref.type === 'npm' ? ref.name : ref.name.toLowerCase()}`;

/**
 * `SKYLIFT_PACKAGE_SIZE_EXCEPTIONS`: `name=size` pairs separated by commas, as in
 * `monaco-editor=200MB,@scope/big=160MB,user/repo=80MB`; a name with a slash and no leading `@` is a GitHub
 * repository. A malformed entry stops the start, as a limit that silently did not apply would surprise.
 */
export function parseSizeExceptions(value: string | undefined): Map<string, number> {
  const exceptions = new Map<string, number>();
  for (const entry of (value ?? '').split(',')) {
    if (entry.trim() === '') continue;
    const at = entry.lastIndexOf('=');
    const name = entry.slice(0, Math.max(at, 0)).trim();
    const size = at > 0 ? parseSize(entry.slice(at + 1)) : null;
    const github = /^[A-Za-z0-9][A-Za-z0-9-]*\/[A-Za-z0-9._-]+$/.test(name);
    const npm = /^(?:@[a-z0-9][\w.~-]*\/)?[a-z0-9][\w.~-]*$/.test(name);
    if (size === null || (!github && !npm))
      throw new Error(`SKYLIFT_PACKAGE_SIZE_EXCEPTIONS: "${entry.trim()}" is not name=size (as in monaco-editor=200MB or user/repo=80MB)`);
    exceptions.set(exceptionKey({ type: github ? 'gh' : 'npm', name }), size);
  }
  return exceptions;
}

/** The limit a package or repository is held to. */
export function sizeLimitOf(limits: SizeLimits, ref: SizedPackage): number {
  return limits.sizeExceptions.get(exceptionKey(ref)) ?? (ref.type === 'npm' ? limits.packageSizeBytes : limits.githubSizeBytes);
}
