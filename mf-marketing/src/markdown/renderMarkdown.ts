/**
 * Markdown from content/ to safe HTML: marked (GitHub-flavoured) renders, DOMPurify removes anything
 * active (scripts, event handlers, javascript: URLs). Headings get GitHub-style ids so documents can be
 * linked to by section (`#purge-cache`); links that leave the site open without handing over our window.
 */
import DOMPurify from 'dompurify';
import { Marked, type Tokens } from 'marked';
import { fillPlaceholders, type MarkdownValues } from './placeholders';

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to dashes. */
export function headingSlug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

export { fillPlaceholders, type MarkdownValues } from './placeholders';

function createMarked(): Marked {
  const marked = new Marked({ gfm: true });
  marked.use({
    renderer: {
      heading(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Heading): string {
        const inner = this.parser.parseInline(token.tokens);
        return `<h${token.depth} id="${headingSlug(token.text)}">${inner}</h${token.depth}>\n`;
      },
    },
  });
  return marked;
}

const marked = createMarked();

let hooked = false;
function ensureLinkHook(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

export function renderMarkdown(markdown: string, values: MarkdownValues = {}): string {
  ensureLinkHook();
  const html = marked.parse(fillPlaceholders(markdown, values), { async: false }) as string;
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
