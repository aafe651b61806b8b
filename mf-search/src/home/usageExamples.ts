/**
 * The URL-usage documentation of the home page (tabs npm, esm, gh, wp): each tab lists the URL shapes our CDN
 * answers, with examples built on the CDN address from the runtime configuration.
 */
export type DocsTab = 'npm' | 'esm' | 'gh' | 'wp';

export const DOCS_TABS: ReadonlyArray<{ id: DocsTab; label: string }> = [
  { id: 'npm', label: 'npm' },
  { id: 'esm', label: 'ES modules' },
  { id: 'gh', label: 'GitHub' },
  { id: 'wp', label: 'WordPress' },
];

export const isDocsTab = (value: unknown): value is DocsTab => DOCS_TABS.some((tab) => tab.id === value);

export interface UsageExample {
  /** What the URL does. */
  text: string;
  /** The URL or code to copy. */
  code: string;
  /** A URL shape with placeholders (`package@version`), shown as text: it is no address that answers. */
  template?: true;
}

export interface UsageDoc {
  intro: string;
  examples: UsageExample[];
}

export function usageDocs(tab: DocsTab, cdnUrl: string): UsageDoc {
  const cdn = cdnUrl.replace(/\/+$/, '');
  switch (tab) {
    case 'npm':
      return {
        intro: 'Every file of every package on npm, at a URL that names the package, the version and the file.',
        examples: [
          { text: 'Load any file of a package at an exact version', code: `${cdn}/npm/package@version/file`, template: true },
          { text: 'A version range: the latest 3.x release, updated as new ones are published', code: `${cdn}/npm/jquery@3/dist/jquery.min.js` },
          { text: 'Leave the version out for the latest release (not recommended in production)', code: `${cdn}/npm/jquery/dist/jquery.min.js` },
          { text: 'Add .min to any JS or CSS file name for a minified copy', code: `${cdn}/npm/lodash@4.17.21/lodash.min.js` },
          { text: 'Leave the file out for the package default file', code: `${cdn}/npm/jquery@3.7.1` },
          { text: 'End with a slash to browse the package files', code: `${cdn}/npm/jquery@3.7.1/` },
          { text: 'Combine several files into one request', code: `${cdn}/combine/npm/jquery@3.7.1,npm/bootstrap@5.3.3/dist/js/bootstrap.min.js` },
        ],
      };
    case 'esm':
      return {
        intro: 'Any package built as an ES module with its dependencies resolved, ready for an import in the browser.',
        examples: [
          { text: 'Add /+esm to a package URL', code: `${cdn}/npm/package@version/+esm`, template: true },
          {
            text: 'Import it in a module script',
            code: `<script type="module">\n  import confetti from '${cdn}/npm/canvas-confetti@1.9.3/+esm';\n  confetti();\n</script>`,
          },
          { text: 'A file of a package as a module', code: `${cdn}/npm/lodash-es@4.17.21/debounce.js/+esm` },
        ],
      };
    case 'gh':
      return {
        intro: 'Files of any public repository on GitHub, from a release tag, a branch or a commit.',
        examples: [
          { text: 'Load any file of a repository at a tag', code: `${cdn}/gh/user/repo@version/file`, template: true },
          { text: 'A release tag', code: `${cdn}/gh/jquery/jquery@3.7.1/dist/jquery.min.js` },
          { text: 'A commit (the full hash)', code: `${cdn}/gh/jquery/jquery@<commit>/dist/jquery.min.js`, template: true },
          { text: 'End with a slash to browse the repository files', code: `${cdn}/gh/jquery/jquery@3.7.1/` },
        ],
      };
    case 'wp':
      return {
        intro: 'Plugins and themes of the WordPress.org directory, straight from their repository.',
        examples: [
          { text: 'A file of a plugin at a tagged version', code: `${cdn}/wp/plugins/project/tags/version/file`, template: true },
          { text: 'A plugin file at a tag', code: `${cdn}/wp/plugins/wp-slimstat/tags/4.6.5/wp-slimstat.js` },
          { text: 'A file deeper in a plugin', code: `${cdn}/wp/plugins/wp-slimstat/tags/5.0.9/admin/assets/js/slimstat.js` },
          { text: 'A theme file', code: `${cdn}/wp/themes/twentytwentyfour/1.2/style.css` },
          { text: 'The latest version from trunk', code: `${cdn}/wp/plugins/wp-slimstat/trunk/admin/assets/js/slimstat.js` },
        ],
      };
  }
}
