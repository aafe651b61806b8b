/**
 * Decides once per SVG content (keyed by its SHA-256) whether it could run script when opened directly;
 * such SVGs go out as text/plain, the others as images.
 */
import fs from 'node:fs/promises';
import { LRUCache } from 'lru-cache';
import type { Artifact } from '../derived/artifactStore.ts';
import { svgHasActiveContent } from './contentType.ts';

/** Larger SVGs are not read to be inspected: they are served as text/plain. */
const MAX_INSPECTED_BYTES = 2 * 1024 * 1024;

export class SvgInspector {
  private readonly verdicts = new LRUCache<string, boolean>({ max: 20_000 });

  async isActive(body: Artifact): Promise<boolean> {
    const known = this.verdicts.get(body.sha256);
    if (known !== undefined) return known;
    const active = body.size > MAX_INSPECTED_BYTES || svgHasActiveContent(await fs.readFile(body.diskPath, 'utf8'));
    this.verdicts.set(body.sha256, active);
    return active;
  }
}
