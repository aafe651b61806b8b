/**
 * Installs a Debian package with apt-get when the process runs as root (CI does), so that a test needing a
 * real server (Redis, PostgreSQL) gets it on a fresh machine; elsewhere the caller says how to get it.
 */
import { spawnSync } from 'node:child_process';

/** True when apt-get installed `name`; false when not root or the installation failed. */
export function installDebianPackage(name: string): boolean {
  if (process.getuid?.() !== 0) return false;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update'], { stdio: 'ignore', env });
  return spawnSync('apt-get', ['install', '-y', '--no-install-recommends', name], { stdio: 'ignore', env }).status === 0;
}
