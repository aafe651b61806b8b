import { brandMarkDataUrl, brandMarkSvg } from './brandMark';
import { palette } from './tokens';

test('the mark is the brand colour with a white arrow, or the reverse when inverted, in the tokens’ colours', () => {
  expect(brandMarkSvg()).toContain(`<rect width="32" height="32" rx="8" fill="${palette.brand}"/>`);
  expect(brandMarkSvg()).toMatch(new RegExp(`<path d="[^"]+" fill="${palette.white}"/>`));
  const inverted = brandMarkSvg({ inverted: true, attributes: ' width="26" aria-hidden="true"' });
  expect(inverted).toContain(`fill="${palette.white}"/><path`);
  expect(inverted).toMatch(new RegExp(`fill="${palette.brand}"/></svg>$`));
  expect(inverted).toContain('viewBox="0 0 32 32" width="26" aria-hidden="true">');
});

test('the data address decodes to the same drawing, with no character that would end the attribute or the address', () => {
  const url = brandMarkDataUrl();
  expect(url.startsWith('data:image/svg+xml,')).toBe(true);
  expect(url).not.toMatch(/["<>#]/);
  expect(decodeURIComponent(url.slice('data:image/svg+xml,'.length))).toBe(brandMarkSvg().replace(/"/g, "'"));
});
