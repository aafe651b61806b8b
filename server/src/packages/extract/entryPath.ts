/**
 * Judging archive entry paths. Files are stored by content hash, so an entry's path never becomes a file
 * system path; the checks still refuse any archive that tries traversal, because such an archive is hostile
 * and nothing in it can be trusted.
 */
export type PathVerdict = { ok: true; path: string | null } | { ok: false; reason: string };

/** Splits on `/` (and `\`, which some packers on Windows wrote), dropping empty and `.` segments. */
function segments(raw: string): string[] {
  return raw.split(/[/\\]+/).filter((s) => s !== '' && s !== '.');
}

function isAbsolute(raw: string): boolean {
  return raw.startsWith('/') || raw.startsWith('\\') || /^[A-Za-z]:/.test(raw);
}

/**
 * The path of an entry inside the version, after dropping the archive's top-level folder (`package/` for npm,
 * `{repo}-{sha}/` for GitHub): `/dist/x.js`. `path: null` for the top folder itself and for anything at the
 * archive's root, which npm ignores too.
 */
export function entryPath(raw: string): PathVerdict {
  if (raw.includes('\0')) return { ok: false, reason: 'a path with a NUL byte' };
  if (isAbsolute(raw)) return { ok: false, reason: `an absolute path (${raw})` };
  const parts = segments(raw);
  if (parts.includes('..')) return { ok: false, reason: `a path leading outside the package (${raw})` };
  if (parts.length < 2) return { ok: true, path: null };
  return { ok: true, path: '/' + parts.slice(1).join('/') };
}

/**
 * Where a link points, as a path inside the version, or a refusal when it points outside. Symbolic links are
 * relative to the link's folder; hard links name a path from the archive's root (top folder included).
 */
export function linkTarget(linkPath: string, target: string, kind: 'symlink' | 'hardlink'): PathVerdict {
  if (target === '' || target.includes('\0')) return { ok: false, reason: `a link without a valid target (${linkPath})` };
  if (isAbsolute(target)) return { ok: false, reason: `a link pointing outside the package (${linkPath} -> ${target})` };
  if (kind === 'hardlink') {
    const verdict = entryPath(target);
    if (!verdict.ok || verdict.path === null) return { ok: false, reason: `a link pointing outside the package (${linkPath} -> ${target})` };
    return verdict;
  }
  // Walk the target from the link's folder; climbing above the version's root means pointing outside.
  const stack = segments(linkPath).slice(0, -1);
  for (const part of segments(target)) {
    if (part !== '..') stack.push(part);
    else if (stack.pop() === undefined) return { ok: false, reason: `a link pointing outside the package (${linkPath} -> ${target})` };
  }
  if (stack.length === 0) return { ok: true, path: null };
  return { ok: true, path: '/' + stack.join('/') };
}
