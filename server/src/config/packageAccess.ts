/**
 * Which npm packages this deployment serves: SKYLIFT_PACKAGE_ALLOW (when set, only these) and
 * SKYLIFT_PACKAGE_DENY (never these, even when allowed), each a comma-separated list of package names and
 * scopes (`@acme` or `@acme/*` for every package of the scope). Checked by `packages/access.ts`.
 */

export interface PackageAccessConfig {
  /** Names and scopes served; every package when undefined. */
  allow: string[] | undefined;
  deny: string[];
}

const ENTRY = /^(@[a-z0-9][\w.-]*(\/\*)?|(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*)$/i;

function parseList(key: string, value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (!ENTRY.test(entry)) throw new Error(`${key}: "${entry}" is neither a package name nor a scope (@scope)`);
  }
  return entries.map((entry) => entry.replace(/\/\*$/, '').toLowerCase());
}

export function packageAccessConfig(env: Record<string, string | undefined>): PackageAccessConfig {
  const allow = env['SKYLIFT_PACKAGE_ALLOW'];
  return { allow: allow ? parseList('SKYLIFT_PACKAGE_ALLOW', allow) : undefined, deny: parseList('SKYLIFT_PACKAGE_DENY', env['SKYLIFT_PACKAGE_DENY']) };
}
