/**
 * Turns the raw request target into a normalised, decoded path, or says why it cannot be one.
 * Every later decision (which build folder, which route) is made on this path, so `..` segments,
 * percent-encoded dots and slashes, doubled slashes and NUL bytes are dealt with once, here.
 */
import path from 'node:path';

export type RequestPath = { ok: true; pathname: string } | { ok: false; message: string };

export function normaliseRequestPath(rawUrl: string): RequestPath {
  const rawPath = rawUrl.split(/[?#]/, 1)[0] ?? '/';
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return { ok: false, message: 'The address contains an invalid percent-encoding.' };
  }
  if (decoded.includes('\0')) return { ok: false, message: 'The address contains a NUL byte.' };
  // Backslashes are separators to some clients and file systems: treat them as slashes so they cannot smuggle `..\`.
  const slashed = decoded.replace(/\\/g, '/');
  const normalised = path.posix.normalize(`/${slashed}`);
  return { ok: true, pathname: normalised.startsWith('/') ? normalised : `/${normalised}` };
}

/**
 * The absolute file inside `root` that a relative path names, or null when it would leave `root`.
 * `relative` is already normalised; the containment check guards against anything normalisation missed.
 */
export function resolveInside(root: string, relative: string): string | null {
  const base = path.resolve(root);
  const target = path.resolve(base, `.${path.posix.sep}${relative.replace(/^\/+/, '')}`);
  if (target !== base && !target.startsWith(base + path.sep)) return null;
  return target;
}
