/**
 * A throwaway PostgreSQL cluster for tests: Debian's server binaries, a temporary data folder, a free
 * loopback port, trust authentication, removed on stop. When the binaries are missing it installs the
 * `postgresql` package if it runs as root, and otherwise fails saying how to get it: the PostgreSQL
 * tests never skip silently.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../testing/freePort.ts';
import { installDebianPackage } from '../../testing/debianPackage.ts';

export interface PostgresCluster {
  url: string;
  stop(): Promise<void>;
}

function findBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

function ensureBinaries(): string {
  let bin = findBinDir();
  if (bin) return bin;
  if (installDebianPackage('postgresql')) {
    bin = findBinDir();
    if (bin) return bin;
  }
  throw new Error(
    'PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin. Install them with ' +
      '"sudo apt-get install postgresql" (Debian/Ubuntu) to run the PostgreSQL statistics tests.',
  );
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = ensureBinaries();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stats-pg-'));
  const dataDir = path.join(dir, 'data');
  // PostgreSQL refuses to run as root: as root, run it as the `postgres` system user that the package creates.
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]): void => {
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args], { stdio: 'pipe' });
    else execFileSync(path.join(bin, command), args, { stdio: 'pipe' });
  };
  if (asRoot) execFileSync('chown', ['postgres:', dir]);
  fs.chmodSync(dir, 0o700);
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
  let port: number;
  for (let attempt = 0; ; attempt++) {
    port = await freePort();
    try {
      run('pg_ctl', [
        '-D',
        dataDir,
        '-l',
        path.join(dir, 'log'),
        '-w',
        '-t',
        '30',
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
        'start',
      ]);
      break;
    } catch (error) {
      // Another process may have taken the port between our probe and the start: try another one.
      if (attempt >= 3)
        throw new Error(
          `Could not start PostgreSQL: ${fs.existsSync(path.join(dir, 'log')) ? fs.readFileSync(path.join(dir, 'log'), 'utf8') : String(error)}`,
          { cause: error },
        );
    }
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
