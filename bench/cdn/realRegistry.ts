/**
 * Never-seen versions of real packages from the npm registry npm is configured with: the CDN's first byte of
 * a file of each beside downloading its tarball alone, from the same machine. Shapes vary on purpose: a few
 * large files, and thousands of small ones. Needs the registry; not part of the default run.
 */
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import https from 'node:https';
import { Parser } from 'tar';

/** Exact versions, so that every run fetches the same bytes. */
export const REAL_PACKAGES = ['axios@1.6.7', 'vue@3.4.21', 'react-dom@18.3.1', 'lodash@4.17.21', 'three@0.160.0', 'rxjs@7.8.1', 'date-fns@2.30.0'];

export function configuredRegistry(): string {
  return execFileSync('npm', ['config', 'get', 'registry', '--workspaces=false'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
    .trim()
    .replace(/\/$/, '');
}

interface Timing {
  firstByteMs: number;
  wholeMs: number;
  status: number;
  bytes: number;
}

/** Regular files in a gzipped tarball. */
function fileCount(tgz: Buffer): number {
  let files = 0;
  const parser = new Parser({ onReadEntry: (entry) => ((files += entry.type === 'File' ? 1 : 0), entry.resume()) });
  parser.end(tgz);
  return files;
}

function get(url: string, agent: http.Agent | false, keep = false): Promise<Timing & { body?: Buffer }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const client = url.startsWith('https:') ? https : http;
    client
      .get(url, { agent }, (response) => {
        const firstByteMs = performance.now() - started;
        let bytes = 0;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (keep) chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            firstByteMs,
            wholeMs: performance.now() - started,
            status: response.statusCode ?? 0,
            bytes,
            ...(keep ? { body: Buffer.concat(chunks) } : {}),
          }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

export interface RealColdRow {
  spec: string;
  files: number;
  tarballBytes: number;
  tarballMs: number;
  cdnFirstByteMs: number;
  status: number;
}

/**
 * For each package: its tarball downloaded once first (so that the registry's edge holds it for both sides), then
 * the CDN's first byte of its package.json, then the tarball alone, best of two, on a kept-alive connection.
 */
export async function measureRealCold(cdnUrl: string, registry: string, specs = REAL_PACKAGES): Promise<RealColdRow[]> {
  const agent = url(registry).protocol === 'https:' ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
  const rows: RealColdRow[] = [];
  try {
    for (const spec of specs) {
      const at = spec.lastIndexOf('@');
      const [name, version] = [spec.slice(0, at), spec.slice(at + 1)];
      const manifest = (await (await fetch(`${registry}/${name}/${version}`)).json()) as { dist: { tarball: string } };
      const first = await get(manifest.dist.tarball, agent, true);
      const cdn = await get(`${cdnUrl}/npm/${name}@${version}/package.json`, false);
      const downloads = [await get(manifest.dist.tarball, agent), await get(manifest.dist.tarball, agent)];
      rows.push({
        spec,
        files: fileCount(first.body!),
        tarballBytes: downloads[0]!.bytes,
        tarballMs: Math.min(...downloads.map((d) => d.wholeMs)),
        cdnFirstByteMs: cdn.firstByteMs,
        status: cdn.status,
      });
    }
  } finally {
    agent.destroy();
  }
  return rows;
}

const url = (text: string): URL => new URL(text);
