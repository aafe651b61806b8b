/** nginx as the reference static file server: found or installed (Debian package), run on a free loopback port. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { MAX_REQUESTS_PER_CONNECTION } from '../../server/src/http/serviceServer.ts';
import { freePort } from '../../server/src/testing/freePort.ts';

export function findNginx(): string | null {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx']) {
    if (fs.existsSync(candidate)) return candidate;
  }
  return null;
}

/** Installs Debian's nginx when missing and running as root; otherwise returns null and says how. */
export function ensureNginx(): string | null {
  const found = findNginx();
  if (found) return found;
  if (process.getuid?.() !== 0) {
    console.log('nginx is not installed: run `sudo apt-get install -y nginx` to get the reference figures.');
    return null;
  }
  console.log('Installing nginx (Debian package) for the reference figures...');
  // RUNLEVEL=1 keeps the package scripts from starting a system-wide nginx on port 80.
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'nginx'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive', RUNLEVEL: '1' },
  });
  return findNginx();
}

export interface RunningNginx {
  url: string;
  /** The master process (its workers are its children). */
  pid: number;
  stop(): Promise<void>;
}

const WORKER_CONNECTIONS = 4096;

/** The hard limit of open descriptors a process may raise itself to here (`ulimit -Hn`); 100,000 when unlimited. */
function descriptorLimit(): number {
  const hard = execFileSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).trim();
  return hard === 'unlimited' ? 100_000 : Math.min(100_000, Number(hard) || 1024);
}

/** Serves `root` on 127.0.0.1 with `workers` workers (as many as the CDN under test), sendfile and the open-file cache on. */
export async function startNginx(binary: string, root: string, workDir: string, workers: number): Promise<RunningNginx> {
  const port = await freePort();
  fs.mkdirSync(path.join(workDir, 'logs'), { recursive: true });
  const conf = path.join(workDir, 'nginx.conf');
  const descriptors = descriptorLimit();
  // Room beside the cached files for each connection's socket (and its peer when proxied) and the logs.
  const openFileCache = Math.max(1000, descriptors - 2 * WORKER_CONNECTIONS - 256);
  fs.writeFileSync(
    conf,
    `daemon off;
worker_processes ${workers};
# The descriptors this machine lets a process have; the open-file cache below stays within them. A cache larger
# than the limit took a worker past it on the long tail and nginx answered 500 (too many open files).
worker_rlimit_nofile ${descriptors};
pid ${path.join(workDir, 'nginx.pid')};
error_log ${path.join(workDir, 'logs', 'error.log')} warn;
events { worker_connections ${WORKER_CONNECTIONS}; }
http {
  types { application/javascript js; }
  access_log ${path.join(workDir, 'logs', 'access.log')} combined buffer=64k flush=1s;
  client_body_temp_path ${workDir}/client_body;
  proxy_temp_path ${workDir}/proxy;
  fastcgi_temp_path ${workDir}/fastcgi;
  uwsgi_temp_path ${workDir}/uwsgi;
  scgi_temp_path ${workDir}/scgi;
  sendfile on;
  tcp_nopush on;
  # Descriptors and metadata of served files kept open, as a production file server runs.
  open_file_cache max=${openFileCache} inactive=120s;
  open_file_cache_valid 120s;
  open_file_cache_min_uses 1;
  # A connection closes after as many answers as ours do (server/src/http/serviceServer.ts).
  keepalive_requests ${MAX_REQUESTS_PER_CONNECTION};
  etag on;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    add_header Access-Control-Allow-Origin *;
    add_header Cache-Control "public, max-age=31536000, s-maxage=31536000, immutable";
  }
}
`,
  );
  const child: ChildProcess = spawn(binary, ['-c', conf, '-p', workDir], { stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with code ${child.exitCode}`);
    const up = await fetch(`${url}/`).then(
      () => true,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGQUIT');
      }),
  };
}
