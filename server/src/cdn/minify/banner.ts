/** The comments that open generated files: what they were made from, and why SRI must not be used with them. */
import { BRAND } from '@skylift/shared/brand';

export function sriWarning(websiteUrl: string): string {
  return `Do NOT use SRI with dynamically generated files! More information: ${websiteUrl}/using-sri-with-dynamic-files`;
}

function comment(lines: readonly string[]): string {
  return `/**\n${lines.map((line) => (line ? ` * ${line}` : ' *')).join('\n')}\n */\n`;
}

export function minifiedBanner(originalUrl: string, tool: string, websiteUrl: string): string {
  return comment([`Minified by ${BRAND.name} using ${tool}.`, `Original file: ${originalUrl}`, '', sriWarning(websiteUrl)]);
}

export function unminifiedBanner(originalUrl: string, reason: string, websiteUrl: string): string {
  return comment([`${reason} This is the original file, unminified.`, `Original file: ${originalUrl}`, '', sriWarning(websiteUrl)]);
}

export function combinedBanner(originalUrls: readonly string[], websiteUrl: string): string {
  return comment([`Combined by ${BRAND.name}.`, 'Original files:', ...originalUrls.map((url) => `- ${url}`), '', sriWarning(websiteUrl)]);
}

/** Number of lines a banner occupies, to shift a source map's generated lines below it. */
export function lineCount(text: string): number {
  return text.split('\n').length - 1;
}
