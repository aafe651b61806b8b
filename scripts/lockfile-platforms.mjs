// Some registry mirrors serve a native package's binaries only for the platforms they need, so npm
// leaves the others out of package-lock.json and `npm ci` then refuses the lock ("Missing: x@ from lock file").
// This adds lock entries for those optional platform packages, with the version their parent asks for and
// their os/cpu, so `npm ci` accepts the lock and skips them on other platforms as it always does.
// Run it after `npm install` changes the lock: node scripts/lockfile-platforms.mjs
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const lockPath = path.join(root, 'package-lock.json');

let report = '';
try {
  execFileSync('npm', ['ci', '--dry-run', '--ignore-scripts'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
} catch (error) {
  report = `${error.stdout ?? ''}${error.stderr ?? ''}`;
}
const missing = [...new Set([...report.matchAll(/Missing: (.+?)@\S* from lock file/g)].map((m) => m[1]))];
if (missing.length === 0) {
  console.log('package-lock.json is complete.');
  process.exit(0);
}

const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const wanted = new Map();
for (const entry of Object.values(lock.packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) if (missing.includes(name)) wanted.set(name, spec);
}
const OSES = ['darwin', 'win32', 'linux', 'android', 'freebsd', 'openharmony'];
const CPUS = /(arm64|x64|ia32|arm|ppc64|riscv64|s390x|loong64|wasm32)/;
for (const name of missing) {
  if (!wanted.has(name)) throw new Error(`${name} is missing from the lock but is no optional dependency: run npm install.`);
  const base = name.split('/').pop();
  const os = OSES.find((o) => base.includes(o));
  const cpu = (os ? base.split(os)[1] : base).match(CPUS)?.[1];
  lock.packages[`node_modules/${name}`] = { version: wanted.get(name), optional: true, ...(os && { os: [os] }), ...(cpu && { cpu: [cpu] }) };
}
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`Added ${missing.length} optional platform packages to package-lock.json: ${missing.join(', ')}`);
