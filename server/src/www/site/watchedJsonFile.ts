/**
 * A JSON file an operator edits while the server runs: read again whenever it changes (size, time or inode),
 * parsed and checked by the caller's parser, and the last good value kept when a change cannot be used,
 * so a half-written file never breaks the site.
 */
import { readFile, stat } from 'node:fs/promises';

export interface FileProblem {
  file: string;
  message: string;
}

export class WatchedJsonFile<T> {
  private cache: { key: string; value: T } | undefined;

  /**
   * @param file the file's path, or undefined for none (the fallback applies)
   * @param parse checks the JSON and returns the value; throws with a message naming the fault
   * @param fallback the value while there is no file (or no good version of it yet)
   * @param onProblem told once per change of the file when it cannot be used
   */
  constructor(
    private readonly file: string | undefined,
    private readonly parse: (value: unknown) => T,
    private readonly fallback: T,
    private readonly onProblem: (problem: FileProblem) => void = () => {},
  ) {}

  async current(): Promise<T> {
    if (!this.file) return this.fallback;
    let key: string;
    try {
      const info = await stat(this.file);
      key = `${info.size}:${info.mtimeMs}:${info.ino}`;
    } catch {
      this.cache = undefined;
      return this.fallback; // no file: the fallback applies
    }
    if (this.cache?.key === key) return this.cache.value;
    let value: T;
    try {
      value = this.parse(JSON.parse(await readFile(this.file, 'utf8')) as unknown);
    } catch (error) {
      this.onProblem({ file: this.file, message: error instanceof Error ? error.message : String(error) });
      const previous = this.cache?.value ?? this.fallback;
      this.cache = { key, value: previous };
      return previous;
    }
    this.cache = { key, value };
    return value;
  }
}
