/** Everything the request handlers share, built once per app. */
import type { PackageStore } from '../../packages/types.ts';
import type { ArtifactStore } from '../derived/artifactStore.ts';
import type { CompressedVariants } from '../derived/compressedVariants.ts';
import type { HotFiles } from '../http/hotFiles.ts';
import type { Minifier } from '../minify/minifier.ts';
import type { ClientKey } from '../../http/clientKey.ts';
import type { WordPressFiles } from '../../packages/wordpress/wordpressFiles.ts';

export interface CdnContext {
  store: PackageStore;
  artifacts: ArtifactStore;
  variants: CompressedVariants | null;
  minifier: Minifier;
  /** Small popular files kept in memory; null to always stream from disk. */
  hot: HotFiles | null;
  maxCombineParts: number;
  /** Files and listings of WordPress.org plugins and themes. */
  wordpress: WordPressFiles;
  /** Who a request is from, for fair admission of minification and module builds. */
  clientKey: ClientKey;
  websiteUrl: string;
}
