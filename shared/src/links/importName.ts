/**
 * The identifier an ES module import binds a package to: split on space, dot, underscore
 * and dash, capitalise each part, drop characters an identifier cannot hold, prefix an underscore when it
 * starts with a digit, and fall back to `m` when nothing is left.
 */
export function importNameOf(packageName: string): string {
  const joined = packageName
    .split(/[ ._-]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('')
    .replace(/[^A-Za-z0-9_$]/g, '');
  if (joined === '') return 'm';
  return /^[0-9]/.test(joined) ? `_${joined}` : joined;
}
