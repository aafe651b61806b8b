/**
 * The page declarations of the remotes the manifest names, read the way the shell would find them: the
 * `mf-pages.json` beside each remote's `mf-manifest.json`. A remote this server hosts is read from its build
 * folder (and again when the file changes); any other over HTTP, refreshed in the background once its copy
 * is older than `refreshMs`. The last good declaration of a remote is kept when it becomes unreachable or
 * publishes something invalid, so its routes keep their titles and a 200 while the shell shows its fallback.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseRemotePages, type RemotePages, PAGES_FILE, pagesUrlOf } from '@skylift/shared/pages';
import type { RemotesManifest } from '@skylift/shared/pages';

export interface PageDeclarationsOptions {
  /** The web server's public URL: manifests under `<wwwUrl>/remotes/<name>/` are this server's own builds. */
  wwwUrl: string;
  /** Build folder of each remote this server hosts. */
  localDirs: Record<string, string>;
  refreshMs?: number;
  timeoutMs?: number;
  onProblem?: (remote: string, message: string) => void;
  fetchImpl?: typeof fetch;
}

/** A declaration is small; a larger answer is not one. */
const MAX_BYTES = 1024 * 1024;

interface Entry {
  url: string;
  /** The file's identity (local) or the time it was fetched (HTTP). */
  key: string;
  pages: RemotePages | null;
  refreshing?: Promise<void>;
}

export class PageDeclarations {
  private readonly entries = new Map<string, Entry>();
  private readonly refreshMs: number;
  private readonly timeoutMs: number;

  constructor(private readonly options: PageDeclarationsOptions) {
    this.refreshMs = options.refreshMs ?? 60_000;
    this.timeoutMs = options.timeoutMs ?? 5_000;
  }

  /** The declarations of the manifest's remotes, in its order; a remote never read successfully is left out. */
  async current(manifest: RemotesManifest): Promise<RemotePages[]> {
    const found = await Promise.all(Object.entries(manifest).map(([remote, manifestUrl]) => this.declarationOf(remote, manifestUrl)));
    return found.filter((pages): pages is RemotePages => pages !== null);
  }

  private async declarationOf(remote: string, manifestUrl: string): Promise<RemotePages | null> {
    const url = pagesUrlOf(manifestUrl);
    const localFile = this.localFileOf(remote, url);
    const previous = this.entries.get(remote);
    if (localFile) return this.readLocal(remote, url, localFile, previous);
    if (previous?.url === url && previous.pages) {
      // Stale-while-revalidate: answer at once, refresh behind.
      if (Date.now() - Number(previous.key) > this.refreshMs)
        previous.refreshing ??= this.fetchRemote(remote, url, previous).finally(() => delete previous.refreshing);
      return previous.pages;
    }
    const entry: Entry = { url, key: '0', pages: previous?.pages ?? null };
    this.entries.set(remote, entry);
    await this.fetchRemote(remote, url, entry);
    return entry.pages;
  }

  private localFileOf(remote: string, url: string): string | null {
    const dir = this.options.localDirs[remote];
    return dir && url === `${this.options.wwwUrl}/remotes/${remote}/${PAGES_FILE}` ? path.join(dir, PAGES_FILE) : null;
  }

  private async readLocal(remote: string, url: string, file: string, previous: Entry | undefined): Promise<RemotePages | null> {
    let key: string;
    try {
      const info = await stat(file);
      key = `${info.size}:${info.mtimeMs}:${info.ino}`;
    } catch {
      return previous?.pages ?? null; // not built (yet): nothing to declare, or what was read before
    }
    if (previous?.url === url && previous.key === key) return previous.pages;
    const entry: Entry = { url, key, pages: previous?.pages ?? null };
    try {
      entry.pages = this.checked(remote, JSON.parse(await readFile(file, 'utf8')) as unknown);
    } catch (error) {
      this.options.onProblem?.(remote, `${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
    this.entries.set(remote, entry);
    return entry.pages;
  }

  private async fetchRemote(remote: string, url: string, entry: Entry): Promise<void> {
    entry.key = String(Date.now());
    const fetchImpl = this.options.fetchImpl ?? fetch;
    try {
      const response = await fetchImpl(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(this.timeoutMs) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const text = await response.text();
      if (text.length > MAX_BYTES) throw new Error(`larger than ${MAX_BYTES} bytes`);
      entry.pages = this.checked(remote, JSON.parse(text) as unknown);
    } catch (error) {
      // The last good declaration stays in force.
      this.options.onProblem?.(remote, `${url}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private checked(remote: string, value: unknown): RemotePages {
    const pages = parseRemotePages(value);
    if (pages.remote !== remote) throw new Error(`it declares the pages of ${pages.remote}, not of ${remote}`);
    return pages;
  }
}
