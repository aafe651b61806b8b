/**
 * The remotes manifest (remote name -> URL of its mf-manifest.json) the shell loads at start-up.
 * Defaults come from the configuration; an override file, when one is named and exists, replaces single
 * entries and is read again whenever it changes, so one remote can be moved with no restart and no rebuild.
 */
import { readFile, stat } from 'node:fs/promises';

export type RemotesManifest = Record<string, string>;

export interface OverrideProblem {
  file: string;
  message: string;
}

export class RemotesManifestSource {
  private cache: { key: string; entries: RemotesManifest } | undefined;

  /**
   * @param defaults the configured entries (absolute URLs)
   * @param baseUrl the web server's public URL, against which relative entries of the override file are resolved
   * @param overrideFile path of the JSON override file, if any
   * @param onProblem told once per change of the file when it cannot be used (the last good entries stay in force)
   */
  constructor(
    private readonly defaults: RemotesManifest,
    private readonly baseUrl: string,
    private readonly overrideFile: string | undefined,
    private readonly onProblem: (problem: OverrideProblem) => void = () => {},
  ) {}

  async current(): Promise<RemotesManifest> {
    return { ...this.defaults, ...(await this.overrides()) };
  }

  private async overrides(): Promise<RemotesManifest> {
    if (!this.overrideFile) return {};
    let key: string;
    try {
      const info = await stat(this.overrideFile);
      key = `${info.size}:${info.mtimeMs}:${info.ino}`;
    } catch {
      this.cache = undefined;
      return {}; // no file: the defaults apply
    }
    if (this.cache?.key === key) return this.cache.entries;
    let entries: RemotesManifest;
    try {
      entries = this.parse(await readFile(this.overrideFile, 'utf8'));
    } catch (error) {
      this.onProblem({ file: this.overrideFile, message: error instanceof Error ? error.message : String(error) });
      // Keep serving what worked before rather than breaking every visitor over a half-written file.
      const previous = this.cache?.entries ?? {};
      this.cache = { key, entries: previous };
      return previous;
    }
    this.cache = { key, entries };
    return entries;
  }

  private parse(text: string): RemotesManifest {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw new Error('the remotes override file must hold a JSON object of remote name to manifest URL');
    }
    const entries: RemotesManifest = {};
    for (const [name, url] of Object.entries(value)) {
      if (typeof url !== 'string' || url === '') throw new Error(`the entry "${name}" of the remotes override file is not a URL`);
      entries[name] = new URL(url, `${this.baseUrl}/`).href;
    }
    return entries;
  }
}
