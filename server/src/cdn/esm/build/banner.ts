/** The comment that opens every module build: what it was built from, with which tools, and the SRI warning. */
import { BRAND } from '@skylift/shared/brand';
import { version as esbuildVersion } from 'esbuild';
import { sriWarning } from '../../minify/banner.ts';

export function esmBanner(originalUrl: string, commonJs: boolean, websiteUrl: string): string {
  const tools = commonJs ? `esbuild ${esbuildVersion} and cjs-module-lexer` : `esbuild ${esbuildVersion}`;
  const lines = [`Bundled by ${BRAND.name} as an ES module using ${tools}.`, `Original file: ${originalUrl}`, '', sriWarning(websiteUrl)];
  return `/**\n${lines.map((line) => (line ? ` * ${line}` : ' *')).join('\n')}\n */`;
}
