/**
 * A readme as safe HTML: markdown rendered by marked, code blocks highlighted by highlight.js, then
 * everything (raw HTML inside the markdown included) passed through sanitize-html, which drops scripts,
 * event handlers and javascript: URLs and rewrites relative links and images to files on our CDN. An image
 * the package does not hold comes from the source repository's raw files when the repository is known, and
 * is left out otherwise, so the page never shows a broken image. An image of another host is shown through
 * our image proxy, and one of a host the proxy does not fetch from is replaced by its alt text, so a reader's
 * browser only ever loads images from our origins. Headings get ids as on the code host, and
 * every id and name is prefixed (`user-content-`), so that no readme can shadow the page's own elements or
 * globals (DOM clobbering); in-page links are prefixed alike and keep working.
 */
import hljs from 'highlight.js';
import { Marked, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { escapeHtml } from '@skylift/shared/format';
import { isMarkdown } from './findReadme.ts';

export interface ReadmeSource {
  /** Path of the readme inside the version ('/README.md'), so links relative to it resolve like on the code host. */
  path: string;
  text: string;
  /** `{cdn}/npm/{name}@{version}` or `{cdn}/gh/{user}/{repo}@{version}`: where the version's files are served. */
  fileBase: string;
  /** Whether the version holds a file ('/media/logo.svg'); without it every relative image is taken as present. */
  hasFile?: (path: string) => boolean;
  /** Where the source repository's files are served raw (`.../owner/repo/HEAD`), when known. */
  repositoryRaw?: string | null;
  /**
   * An absolute image address as the page may load it: ours unchanged, another host's through the image
   * proxy, null for a host the proxy does not fetch from. Without it, addresses are left as they are.
   */
  proxyImage?: (url: string) => string | null;
}

function highlight(code: string, language: string | undefined): string {
  const lang = (language ?? '').trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  if (lang && hljs.getLanguage(lang)) return hljs.highlight(code, { language: lang, ignoreIllegals: true }).value;
  return escapeHtml(code);
}

/** Prefix of every id and name a readme brings, as on the code host: the page's own ids stay out of reach. */
export const USER_CONTENT_PREFIX = 'user-content-';

const userContent = (fragment: string): string => (fragment.startsWith(USER_CONTENT_PREFIX) ? fragment : `${USER_CONTENT_PREFIX}${fragment}`);

/** Heading ids already given in the readme being rendered (rendering is synchronous: one readme at a time). */
let headingIds = new Map<string, number>();

/** The code host's heading id: the heading's text, lowercased, punctuation dropped, spaces as dashes, repeats numbered. */
function headingId(html: string): string {
  const text = html.replace(/<[^>]*>/g, '').replace(/&[#\w]+;/g, '');
  const base = text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
  const seen = headingIds.get(base) ?? 0;
  headingIds.set(base, seen + 1);
  return seen === 0 ? base : `${base}-${seen}`;
}

const markdown = new Marked({
  gfm: true,
  renderer: {
    heading(token: Tokens.Heading): string {
      const inner = this.parser.parseInline(token.tokens);
      const id = headingId(inner);
      return `<h${token.depth}${id ? ` id="${escapeHtml(id)}"` : ''}>${inner}</h${token.depth}>\n`;
    },
    code(token: Tokens.Code): string {
      const lang = (token.lang ?? '').trim().split(/\s+/)[0] ?? '';
      const langClass = lang && hljs.getLanguage(lang) ? ` language-${escapeHtml(lang)}` : '';
      return `<pre><code class="hljs${langClass}">${highlight(token.text, lang)}</code></pre>\n`;
    },
  },
});

/** Is this a URL of its own (scheme, protocol-relative, or an anchor) rather than a path inside the package? */
function isAbsoluteOrAnchor(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//') || url.startsWith('#');
}

/**
 * A relative link of the readme as a URL on our CDN: resolved against the readme's own folder, `/x` taken as
 * the package root (as code hosts do), query and fragment kept.
 */
export function rewriteRelative(url: string, readmePath: string, fileBase: string): string {
  if (!url || isAbsoluteOrAnchor(url)) return url;
  const resolved = new URL(url, `http://package${readmePath}`);
  return `${fileBase}${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/**
 * A relative image's address: on our CDN when the version holds the file, else the repository's raw file,
 * else '' (the image is dropped).
 */
export function imageSource(url: string, source: ReadmeSource): string {
  if (!url || isAbsoluteOrAnchor(url) || !source.hasFile) return rewriteRelative(url, source.path, source.fileBase);
  const resolved = new URL(url, `http://package${source.path}`);
  let pathname: string;
  try {
    pathname = decodeURIComponent(resolved.pathname);
  } catch {
    return '';
  }
  if (source.hasFile(pathname)) return rewriteRelative(url, source.path, source.fileBase);
  return source.repositoryRaw ? `${source.repositoryRaw}${resolved.pathname}${resolved.search}` : '';
}

/** An image address after the package rewrites, as the page loads it: '' when it is not shown. */
function shownImage(url: string, source: ReadmeSource): string {
  const resolved = imageSource(url, source);
  if (!resolved || !source.proxyImage || !(isAbsoluteOrAnchor(resolved) && !resolved.startsWith('#'))) return resolved;
  return source.proxyImage(resolved) ?? '';
}

/** A `srcset` with each candidate's address rewritten like an image's; candidates not shown are left out. */
function shownSrcset(srcset: string, source: ReadmeSource): string {
  return srcset
    .split(/,\s+/)
    .map((candidate) => {
      const [url = '', ...descriptor] = candidate.trim().split(/\s+/);
      const shown = url ? shownImage(url, source) : '';
      return shown ? [shown, ...descriptor].join(' ') : '';
    })
    .filter(Boolean)
    .join(', ');
}

/** Ids and names of a readme's elements, prefixed; an element without either is left as it is. */
function prefixIds(attribs: Record<string, string>): Record<string, string> {
  const attrs = { ...attribs };
  for (const name of ['id', 'name']) if (attrs[name]) attrs[name] = userContent(attrs[name]);
  return attrs;
}

/**
 * Whether a transform replaced the element by another (an image by its text): the filter still sees the
 * original tag name, with the new element's attributes, and must not drop it for a missing `src`.
 */
const isReplaced = (frame: sanitizeHtml.IFrame): boolean => (frame as sanitizeHtml.IFrame & { name?: string }).name !== undefined;

export function renderReadme(source: ReadmeSource): string {
  headingIds = new Map();
  const raw = isMarkdown(source.path) ? (markdown.parse(source.text, { async: false }) as string) : `<pre>${escapeHtml(source.text)}</pre>`;
  const rewrite = (url: string | undefined): string => rewriteRelative(url ?? '', source.path, source.fileBase);
  return sanitizeHtml(raw, {
    allowedTags: [
      ...sanitizeHtml.defaults.allowedTags,
      'img',
      'picture',
      'source',
      'details',
      'summary',
      'del',
      'ins',
      'kbd',
      'samp',
      'sub',
      'sup',
      'input',
      'h1',
      'h2',
    ],
    allowedAttributes: {
      a: ['href', 'name', 'id', 'title', 'rel', 'target'],
      img: ['src', 'srcset', 'alt', 'title', 'width', 'height', 'align'],
      source: ['srcset', 'media', 'type'],
      code: ['class'],
      span: ['class'],
      pre: ['class'],
      input: ['type', 'checked', 'disabled'],
      td: ['align', 'colspan', 'rowspan'],
      th: ['align', 'colspan', 'rowspan'],
      p: ['align'],
      div: ['align'],
      h1: ['id', 'align'],
      h2: ['id'],
      h3: ['id'],
      h4: ['id'],
      h5: ['id'],
      h6: ['id'],
      details: ['open'],
    },
    allowedClasses: { code: ['hljs', /^language-[\w-]+$/], span: [/^hljs-[\w-]+$/, 'language-*'], pre: ['hljs'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    allowProtocolRelative: true,
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs['href'];
        const attrs = prefixIds(attribs);
        if (href !== undefined) attrs['href'] = href.length > 1 && href.startsWith('#') ? `#${userContent(href.slice(1))}` : rewrite(href);
        // Links leave our site: never hand them our window.
        if (href && !href.startsWith('#')) attrs['rel'] = 'nofollow noopener noreferrer';
        return { tagName, attribs: attrs };
      },
      img: (tagName, attribs) => {
        const attrs: Record<string, string> = { ...attribs };
        if (attribs['src'] !== undefined) attrs['src'] = imageSource(attribs['src'], source);
        if (attribs['srcset'] !== undefined) delete attrs['srcset'];
        if (attrs['src'] && source.proxyImage) {
          const shown = shownImage(attribs['src'] ?? '', source);
          // A host the proxy does not fetch from: the reader gets the image's text instead of a broken image.
          if (!shown) return { tagName: 'span', attribs: {}, text: attribs['alt'] ?? '' };
          attrs['src'] = shown;
        }
        return { tagName, attribs: attrs };
      },
      // A <picture>'s sources load like images: through the proxy, or not at all.
      source: (tagName, attribs) => {
        const attrs: Record<string, string> = { ...attribs };
        if (attribs['srcset'] !== undefined) {
          const shown = shownSrcset(attribs['srcset'], source);
          if (shown) attrs['srcset'] = shown;
          else delete attrs['srcset'];
        }
        return { tagName, attribs: attrs };
      },
      input: (tagName, attribs) => ({ tagName, attribs: { ...attribs, disabled: '' } }),
      ...Object.fromEntries(
        ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((tag) => [
          tag,
          (tagName: string, attribs: Record<string, string>) => ({ tagName, attribs: prefixIds(attribs) }),
        ]),
      ),
    },
    // Only task-list checkboxes survive as inputs; an image or a picture's source with nowhere to come from is left out.
    exclusiveFilter: (frame) =>
      (frame.tag === 'input' && frame.attribs['type'] !== 'checkbox') ||
      (frame.tag === 'img' && !frame.attribs['src'] && !isReplaced(frame)) ||
      (frame.tag === 'source' && !frame.attribs['srcset']),
  });
}
