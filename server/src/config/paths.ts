import fs from 'node:fs';
import path from 'node:path';

/**
 * The repository root, found by walking up from the working directory to the workspace root's package.json,
 * so that services find the built website and shipped data wherever they are started from.
 */
export function findProjectRoot(start: string = process.env['SKYLIFT_ROOT'] ?? process.cwd()): string {
  let dir = path.resolve(start);
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      try {
        const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string; workspaces?: unknown };
        if (pkg.name === 'skylift' && pkg.workspaces) return dir;
      } catch {
        /* not ours; keep walking */
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(start);
    dir = parent;
  }
}
