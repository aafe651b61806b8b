// The colour rule (colours.mjs) on texts written here, and on the repository itself. Run by the lint stage beside
// the boundary rules: `node --test scripts/lint/colours.test.mjs`.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { colourProblems, isChecked, repositoryColourProblems, TOKEN_FILES } from './colours.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');

describe('colour rule', () => {
  it('refuses a hex colour in a stylesheet or module of a frontend package, naming the file, the line and the colour', () => {
    assert.deepEqual(colourProblems('mf-tools/src/purge/Purge.module.css', '.a {\n  color: #e35a29;\n}\n'), ['mf-tools/src/purge/Purge.module.css:2: #e35a29']);
    for (const [file, text] of [
      ['shell/src/frame/Frame.module.css', 'a { border: 1px solid #ddd; }'],
      ['shared/src/ui/chart/option.ts', "const colour = '#3B82F6';"],
      ['mf-search/src/home/Card.tsx', '<path fill="#60a5fa80" />'],
      ['mf-stats/src/Icon.tsx', "style={{ background: '#9ca3af' }}"],
    ]) {
      assert.equal(colourProblems(file, text).length, 1, file);
    }
  });

  it('refuses colour functions: rgb(), rgba(), hsl(), hsla() and the newer ones', () => {
    for (const value of ['rgb(0 0 0)', 'rgba(15, 23, 42, 0.06)', 'hsl(210 40% 98%)', 'HSLA(0, 0%, 0%, 0.5)', 'oklch(70% 0.1 200)']) {
      assert.equal(colourProblems('mf-package/src/x.css', `a { color: ${value}; }`).length, 1, value);
    }
  });

  it('lets the tokens through, and what reads them', () => {
    for (const file of TOKEN_FILES) assert.deepEqual(colourProblems(file, "--color-white: #ffffff; white: '#ffffff'"), [], file);
    const reading = [
      'a { color: var(--color-ink); box-shadow: 0 1px 2px color-mix(in srgb, var(--color-slate-900) 6%, transparent); }',
      'itemStyle: { color: palette.gsapGreen }',
      // Not colours: an anchor, a private field, an HTML entity, a longer word, a pattern that checks a colour.
      "<a href=\"#faq\">, this.#add(), '&#123;', '#deadline-x', /^#[0-9a-f]{3,8}$/i, '#abcdefg'",
    ];
    for (const text of reading) assert.deepEqual(colourProblems('mf-package/src/x.tsx', text), [], text);
  });

  it("refuses a colour in the shell's HTML template and in the server's sources: the pages and images the services draw", () => {
    assert.deepEqual(colourProblems('shell/src/index.html', '<meta name="theme-color" content="#0b3d91" />\n<style>.boot-frame { color: #0b3d91; }</style>'), [
      'shell/src/index.html:1: #0b3d91',
      'shell/src/index.html:2: #0b3d91',
    ]);
    for (const [file, text] of [
      ['server/src/www/share/shareImage.ts', '<stop offset="0" stop-color="#0b3d91"/>'],
      ['server/src/cdn/listing/renderListing.ts', "'.top a{color:#fff;font-weight:700}',"],
      ['server/src/data/badge.ts', "color = '#ff5627'"],
      ['server/src/www/pages/missingBuild.ts', 'code{background:rgb(241 243 245)}'],
      ['server/src/launcher/start.mjs', "const banner = '#123456';"],
    ]) {
      assert.equal(colourProblems(file, text).length, 1, file);
    }
    const readingTokens = '<meta name="theme-color" content="<%= htmlWebpackPlugin.options.palette.brand %>" /> <a href="#top">&#8599;</a>';
    assert.deepEqual(colourProblems('shell/src/index.html', readingTokens), []);
  });

  it('checks the frontend packages and the server, and not their tests, whose colours are data, nor example pages', () => {
    const text = "const colour = '#f48120';";
    assert.equal(isChecked('mf-marketing/src/network/NetworkPage.tsx'), true);
    for (const file of [
      'server/src/www/page.test.ts',
      'server/src/cdn/testing/samplePackages.ts',
      'server/test/fixtures/upstream/x.css',
      'e2e/tests/x.test.ts',
      'shell/src/testing/testSite.ts',
      'shared/src/ui/worldMap/WorldMap.test.tsx',
      'mf-tools/README.md',
      'mf-package/examples/partner-widget.html',
      'bench/www/run.ts',
    ]) {
      assert.deepEqual(colourProblems(file, text), [], file);
    }
  });

  it('finds no colour outside the tokens in the repository', () => {
    assert.deepEqual(repositoryColourProblems(root), []);
  });
});
