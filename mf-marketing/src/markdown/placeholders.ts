/** `{{name}}` placeholders of the content files, filled with this deployment's name and addresses. Pure: the page declaration uses it at build time. */
import { BRAND } from '@skylift/shared/brand';

export interface MarkdownValues {
  /** Replaces `{{name}}` placeholders, e.g. `{{cdnUrl}}`, so documents show this deployment's addresses. */
  [name: string]: string;
}

export function fillPlaceholders(markdown: string, values: MarkdownValues): string {
  const all: MarkdownValues = { brand: BRAND.name, networkTool: BRAND.networkTool, ...values };
  return markdown.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => all[name] ?? whole);
}
