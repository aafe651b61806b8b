// The browser tests drive Debian's Chromium headless shell (browser downloads by test tools do not work on these
// machines): the same Blink and V8 as the chromium package without the windowed browser around them, which is what
// a test without a screen needs; two journey files took 97 CPU-seconds of the full browser and 41 of the shell.
// When it is missing, install it if we may (root); else use Debian's full Chromium if it is there, otherwise say
// exactly how to get it. SKYLIFT_CHROMIUM names another binary.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian's package and the binary it installs. */
const PACKAGE = 'chromium-headless-shell';
const HEADLESS_SHELL = `/usr/bin/${PACKAGE}`;
/** Debian's full browser: what the tests take when the shell cannot be had. */
const FULL_BROWSER = '/usr/bin/chromium';

/** The binary the tests launch. */
export function chromiumPath() {
  if (process.env.SKYLIFT_CHROMIUM) return process.env.SKYLIFT_CHROMIUM;
  return existsSync(HEADLESS_SHELL) || !existsSync(FULL_BROWSER) ? HEADLESS_SHELL : FULL_BROWSER;
}

export function ensureChromium() {
  if (process.env.SKYLIFT_CHROMIUM) {
    if (existsSync(process.env.SKYLIFT_CHROMIUM)) return;
    console.error(`SKYLIFT_CHROMIUM names ${process.env.SKYLIFT_CHROMIUM}, which does not exist.`);
    process.exit(1);
  }
  if (existsSync(HEADLESS_SHELL)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot) {
    console.log(`Installing Debian's ${PACKAGE} for the browser tests...`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-q'], { stdio: 'inherit', env });
    const install = update.status === 0 ? spawnSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', PACKAGE], { stdio: 'inherit', env }) : update;
    if (install.status === 0 && existsSync(HEADLESS_SHELL)) {
      console.log(execFileSync(HEADLESS_SHELL, ['--version'], { encoding: 'utf8' }).trim());
      return;
    }
  }
  if (existsSync(FULL_BROWSER)) {
    console.log(`${PACKAGE} is not installed: the browser tests use ${FULL_BROWSER}, which takes more than twice the CPU.`);
    return;
  }
  console.error(
    `Chromium is needed for the browser tests and was not found at ${HEADLESS_SHELL}.\nInstall it with: sudo apt-get install -y ${PACKAGE}   (or set SKYLIFT_CHROMIUM to a Chromium binary)`,
  );
  process.exit(1);
}
