// Browser stand-in for Node's "path": the POSIX functions, which is what URLs and package paths use.
'use strict';
function normalizeParts(parts, absolute) {
  const out = [];
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length && out[out.length - 1] !== '..') out.pop();
      else if (!absolute) out.push('..');
    } else out.push(part);
  }
  return out;
}
function normalize(p) {
  if (p === '') return '.';
  const absolute = p.charAt(0) === '/';
  const trailing = p.charAt(p.length - 1) === '/';
  let body = normalizeParts(p.split('/'), absolute).join('/');
  if (!body && !absolute) body = '.';
  if (body && trailing) body += '/';
  return (absolute ? '/' : '') + body;
}
function join(...parts) {
  const joined = parts.filter((p) => p !== '').join('/');
  return joined ? normalize(joined) : '.';
}
function resolve(...parts) {
  let resolved = '';
  for (let i = parts.length - 1; i >= 0 && resolved.charAt(0) !== '/'; i--) if (parts[i]) resolved = parts[i] + '/' + resolved;
  if (resolved.charAt(0) !== '/') resolved = '/' + resolved;
  const body = normalizeParts(resolved.split('/'), true).join('/');
  return '/' + body;
}
function dirname(p) {
  if (p === '') return '.';
  const trimmed = p.length > 1 ? p.replace(/\/+$/, '') : p;
  const i = trimmed.lastIndexOf('/');
  if (i === -1) return '.';
  if (i === 0) return '/';
  return trimmed.slice(0, i);
}
function basename(p, ext) {
  let base = p.replace(/\/+$/, '');
  base = base.slice(base.lastIndexOf('/') + 1);
  if (ext && base.endsWith(ext) && base !== ext) base = base.slice(0, -ext.length);
  return base;
}
function extname(p) {
  const base = basename(p);
  const i = base.lastIndexOf('.');
  return i <= 0 ? '' : base.slice(i);
}
function relative(from, to) {
  const a = resolve(from).split('/').filter(Boolean);
  const b = resolve(to).split('/').filter(Boolean);
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return [...a.slice(i).map(() => '..'), ...b.slice(i)].join('/');
}
function isAbsolute(p) {
  return p.charAt(0) === '/';
}
function parse(p) {
  const base = basename(p);
  const ext = extname(p);
  const dir = dirname(p);
  return { root: isAbsolute(p) ? '/' : '', dir: dir === '.' && !p.includes('/') ? '' : dir, base, ext, name: ext ? base.slice(0, -ext.length) : base };
}
function format(o) {
  const dir = o.dir || o.root || '';
  const base = o.base || (o.name || '') + (o.ext || '');
  return dir ? (dir === o.root ? dir + base : dir + '/' + base) : base;
}
const path = {
  sep: '/',
  delimiter: ':',
  normalize,
  join,
  resolve,
  dirname,
  basename,
  extname,
  relative,
  isAbsolute,
  parse,
  format,
  toNamespacedPath: (p) => p,
};
path.posix = path;
module.exports = path;
