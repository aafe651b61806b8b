/**
 * The comment that opens every module build: what it was built from, with which tools and by which generation of
 * the builder, and that its bytes never change (every build is served at its pinned URL; the convenient URL
 * answers a module re-exporting it, `../serve/reexportModule.ts`).
 */
import { BRAND } from '@skylift/shared/brand';
import { version as esbuildVersion } from 'esbuild';

/** `builder` is the generation of the builder making it, which an older generation's pinned URL may be first asked of. */
export function esmBanner(originalUrl: string, commonJs: boolean, builder: number): string {
  const tools = commonJs ? `esbuild ${esbuildVersion} and cjs-module-lexer` : `esbuild ${esbuildVersion}`;
  const lines = [
    `Bundled by ${BRAND.name} as an ES module using ${tools} (builder generation ${builder}).`,
    `Original file: ${originalUrl}`,
    '',
    'A pinned build: the bytes of this URL never change, so it may be used with SRI.',
  ];
  return `/**\n${lines.map((line) => (line ? ` * ${line}` : ' *')).join('\n')}\n */`;
}
