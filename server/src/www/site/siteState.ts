/**
 * Everything the web server knows about the site at a moment: the runtime configuration, the remotes (with
 * the override file applied), their page declarations and the operator's content. Each part follows its
 * source as it changes; one read gives a consistent boot document for a page.
 */
import type { BootDocument, RuntimeConfig } from '@skylift/shared/config';
import { DEFAULT_SITE_CONTENT, parseSiteContent, type SiteContent } from '@skylift/shared/config';
import { frameRedirects, type FrameRedirect } from '@skylift/shared/pages';
import type { RemotesManifestSource } from '../runtimeConfig/remotesManifest.ts';
import type { PageDeclarations } from './pageDeclarations.ts';
import { WatchedJsonFile, type FileProblem } from './watchedJsonFile.ts';

export interface SiteSnapshot {
  boot: BootDocument;
  redirects: FrameRedirect[];
}

export class SiteState {
  private readonly content: WatchedJsonFile<SiteContent>;

  constructor(
    private readonly config: RuntimeConfig,
    private readonly remotes: RemotesManifestSource,
    private readonly declarations: PageDeclarations,
    contentFile: string | undefined,
    onContentProblem: (problem: FileProblem) => void = () => {},
  ) {
    this.content = new WatchedJsonFile(contentFile, parseSiteContent, DEFAULT_SITE_CONTENT, onContentProblem);
  }

  async snapshot(): Promise<SiteSnapshot> {
    const [remotes, content] = await Promise.all([this.remotes.current(), this.content.current()]);
    const pages = await this.declarations.current(remotes);
    return { boot: { config: this.config, remotes, pages, content }, redirects: frameRedirects(content) };
  }
}
