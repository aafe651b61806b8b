/**
 * Which version the page shows: the one in the address when the package has it, else the
 * `latest` tag, else the first (newest) version. Packages without versions have none here: GitHub
 * repositories then use their latest commit.
 */
export function pickPageVersion(versions: readonly string[], tags: Record<string, string>, requested: string | null): string | null {
  if (requested && versions.includes(requested)) return requested;
  const latest = tags['latest'];
  if (!requested && latest && versions.includes(latest)) return latest;
  return versions[0] ?? null;
}
