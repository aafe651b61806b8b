/**
 * Which file of a version is its readme: the top-level file named readme, with the extensions npm and
 * GitHub show, markdown first. A readme in a sub-folder (docs/README.md) belongs to that folder, not to the package.
 */
const PREFERENCE = ['.md', '.markdown', '.mdown', '.mkdn', '', '.txt', '.rst'];

export interface ListedFile {
  path: string;
}

export function findReadme(files: readonly ListedFile[]): string | null {
  let best: { path: string; rank: number } | null = null;
  for (const { path } of files) {
    const match = /^\/readme(\.[a-z]+)?$/i.exec(path);
    if (!match) continue;
    const rank = PREFERENCE.indexOf((match[1] ?? '').toLowerCase());
    if (rank === -1) continue;
    if (!best || rank < best.rank) best = { path, rank };
  }
  return best?.path ?? null;
}

/** Markdown readmes are rendered; any other readme (plain text) is shown as preformatted text. */
export function isMarkdown(path: string): boolean {
  return /\.(md|markdown|mdown|mkdn)$/i.test(path);
}
