/**
 * The shared secret a fronting CDN sends so that its provider and country headers are believed. Configured
 * with SKYLIFT_EDGE_SECRET; otherwise one is made at first start and kept in the data folder (`edge-secret`,
 * readable by its owner only), so that a fresh install's own tools (the traffic generator) can act as its
 * edge, and an operator can hand the same value to a real CDN.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';

export const EDGE_SECRET_FILE = 'edge-secret';

export function edgeSecretOf(config: Pick<Config, 'dataDir' | 'edgeHeaders'>): string {
  if (config.edgeHeaders.secret) return config.edgeHeaders.secret;
  const file = path.join(config.dataDir, EDGE_SECRET_FILE);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    // First start: write it aside, then link it into place, so concurrent workers all end up with one value.
    fs.mkdirSync(config.dataDir, { recursive: true });
    const draft = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(draft, `${crypto.randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
    } catch {
      /* another process made it first: its value stands */
    } finally {
      fs.rmSync(draft, { force: true });
    }
    return fs.readFileSync(file, 'utf8').trim();
  }
}
