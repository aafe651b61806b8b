/**
 * An empty PostgreSQL database for a test. With `POSTGRES_TEST_URL` (a server where the tests may create
 * databases), a database of its own created there and dropped on stop. Otherwise a throwaway cluster: the
 * server binaries the test runner found or installed (`../../testing/engineBinaries.mjs`), a temporary data
 * folder, a free loopback port, trust authentication, removed on stop. Without either it fails saying how
 * to get one: the PostgreSQL tests never skip silently.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findPostgresBin } from '../../testing/engineBinaries.mjs';
import { freePort } from '../../testing/freePort.ts';

export interface PostgresCluster {
  url: string;
  stop(): Promise<void>;
}

function ensureBinaries(): string {
  const bin = findPostgresBin();
  if (bin) return bin;
  throw new Error(
    'PostgreSQL server binaries (initdb, pg_ctl) were not found on PATH or in the usual places. Run the tests with ' +
      '"node server/scripts/run-tests.mjs" (as root it installs Debian\'s postgresql), install PostgreSQL, or set ' +
      'POSTGRES_TEST_URL to a server where the tests may create databases.',
  );
}

/** A database of its own on the server at `serverUrl`, dropped (with whatever is still connected to it) on stop. */
async function databaseOn(serverUrl: string): Promise<PostgresCluster> {
  const name = `skylift_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string): Promise<void> => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    stop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const serverUrl = process.env['POSTGRES_TEST_URL'];
  if (serverUrl) return databaseOn(serverUrl);
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
