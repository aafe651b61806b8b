/**
 * The shell's built index.html, read from disk and kept until the file changes, so a rebuilt shell is
 * served without restarting the web server.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

export class ShellTemplate {
  private cached: { key: string; html: string } | undefined;

  constructor(private readonly shellDir: string) {}

  get file(): string {
    return path.join(this.shellDir, 'index.html');
  }

  /** The template, or null while the shell has not been built. */
  async load(): Promise<string | null> {
    let key: string;
    try {
      const info = await stat(this.file);
      if (!info.isFile()) return null;
      key = `${info.size}:${info.mtimeMs}`;
    } catch {
      return null;
    }
    if (this.cached?.key === key) return this.cached.html;
    const html = await readFile(this.file, 'utf8');
    this.cached = { key, html };
    return html;
  }
}
