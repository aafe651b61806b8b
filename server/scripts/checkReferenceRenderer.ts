/**
 * Checks the API reference renderer's pinned SRI hash (`server/src/config/referenceRenderer.ts`) against the
 * file as its registry publishes it: npm downloads the pinned version's tarball (from the registry npm is
 * configured with), and the hash of the file in it must equal the pinned one. A browser refuses the file
 * when they differ, so run this after changing the version; it prints the hash to pin.
 *
 *   node --import tsx server/scripts/checkReferenceRenderer.ts
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import {
  REFERENCE_RENDERER_FILE,
  REFERENCE_RENDERER_INTEGRITY,
  REFERENCE_RENDERER_PACKAGE,
  REFERENCE_RENDERER_VERSION,
} from '../src/config/referenceRenderer.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reference-renderer-'));
try {
  const spec = `${REFERENCE_RENDERER_PACKAGE}@${REFERENCE_RENDERER_VERSION}`;
  const packed = JSON.parse(execFileSync('npm', ['pack', spec, '--json', '--pack-destination', dir], { cwd: dir, encoding: 'utf8' })) as Array<{
    filename: string;
  }>;
  const tarball = path.join(dir, packed[0]!.filename);
  // npm tarballs put every file under package/.
  await tar.x({ file: tarball, cwd: dir, filter: (entry) => entry === `package/${REFERENCE_RENDERER_FILE}` });
  const bytes = fs.readFileSync(path.join(dir, 'package', REFERENCE_RENDERER_FILE));
  const integrity = `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
  process.stdout.write(`${spec}/${REFERENCE_RENDERER_FILE}: ${bytes.length} bytes, ${integrity}\n`);
  if (integrity !== REFERENCE_RENDERER_INTEGRITY) {
    process.stderr.write(`The pinned hash is ${REFERENCE_RENDERER_INTEGRITY}: pin the one above in server/src/config/referenceRenderer.ts.\n`);
    process.exitCode = 1;
  } else {
    process.stdout.write('The pinned hash matches the published file.\n');
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
