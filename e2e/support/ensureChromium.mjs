// The browser tests drive Debian's Chromium (browser downloads by test tools do not work on these machines).
// When it is missing, install it if we may (root), otherwise say exactly how to get it.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.SKYLIFT_CHROMIUM ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Chromium is needed for the browser tests and was not found at ${CHROMIUM_PATH}.\nInstall it with: sudo apt-get install -y chromium   (or set SKYLIFT_CHROMIUM to a Chromium binary)`,
    );
    process.exit(1);
  }
  console.log('Installing Debian chromium for the browser tests...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-q'], { stdio: 'inherit', env });
  const install =
    update.status === 0 ? spawnSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env }) : update;
  if (install.status !== 0 || !existsSync(CHROMIUM_PATH)) {
    console.error('Could not install chromium with apt-get. Install it by hand: apt-get install -y chromium');
    process.exit(1);
  }
  console.log(execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8' }).trim());
}
