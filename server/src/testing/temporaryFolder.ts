/**
 * A fresh folder under the system's temporary folder for a test, removed with everything in it when the test
 * process exits (each test file runs in a process of its own). Tests and test helpers that made their folders
 * with `mkdtemp` and left them had left thousands behind on a machine that runs the tests often.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const made: string[] = [];

export function temporaryFolder(prefix: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  if (made.length === 0) process.once('exit', () => made.forEach((each) => fs.rmSync(each, { recursive: true, force: true })));
  made.push(folder);
  return folder;
}
