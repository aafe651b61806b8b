/**
 * The remotes manifest (remote name -> URL of its mf-manifest.json). Defaults are the remotes built in this
 * repository where this web server hosts them, with the entries of SKYLIFT_REMOTES on top; an override file, when one is named and exists, replaces single entries and is read again whenever it
 * changes, so one remote can be moved with no restart and no rebuild.
 */
import { parseRemotesManifest, type RemotesManifest } from '@skylift/shared/pages';
import REMOTES from '../../../../remotes.json' with { type: 'json' };
import { WatchedJsonFile, type FileProblem } from '../site/watchedJsonFile.ts';

export type { RemotesManifest };
export type OverrideProblem = FileProblem;

/**
 * The remotes built in this repository (the repository's one list, `remotes.json`), which the web server hosts
 * under /remotes/<name>/ unless configured elsewhere.
 */
export const BUILT_REMOTES: readonly string[] = REMOTES;

/** The manifest before the override file: every built remote under this web server, with `configured` on top. */
export function defaultRemotes(wwwUrl: string, configured: RemotesManifest): RemotesManifest {
  return { ...Object.fromEntries(BUILT_REMOTES.map((name) => [name, `${wwwUrl}/remotes/${name}/mf-manifest.json`])), ...configured };
}

export class RemotesManifestSource {
  private readonly overrides: WatchedJsonFile<RemotesManifest>;

  /**
   * @param defaults the configured entries (absolute URLs)
   * @param baseUrl the web server's public URL, against which relative entries of the override file are resolved
   * @param overrideFile path of the JSON override file, if any
   * @param onProblem told once per change of the file when it cannot be used (the last good entries stay in force)
   */
  constructor(
    private readonly defaults: RemotesManifest,
    baseUrl: string,
    overrideFile: string | undefined,
    onProblem: (problem: OverrideProblem) => void = () => {},
  ) {
    this.overrides = new WatchedJsonFile(overrideFile, (value) => parseOverrides(value, baseUrl), {}, onProblem);
  }

  async current(): Promise<RemotesManifest> {
    return { ...this.defaults, ...(await this.overrides.current()) };
  }
}

/** The same checks the shell makes of the manifest (an empty override file is fine: it overrides nothing). */
function parseOverrides(value: unknown, baseUrl: string): RemotesManifest {
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0) return {};
  return parseRemotesManifest(value, `${baseUrl}/`);
}
