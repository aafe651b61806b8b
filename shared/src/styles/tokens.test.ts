import { readFileSync } from 'node:fs';
import path from 'node:path';
import { colourProperty, mapScale, palette, providerColours, seriesColours, type PaletteName } from './tokens';

const css = readFileSync(path.join(__dirname, 'tokens.css'), 'utf8');

/** The custom properties tokens.css declares, by name, with their values as written. */
function declared(): Map<string, string> {
  const properties = new Map<string, string>();
  for (const match of css.matchAll(/^\s*(--[\w-]+):\s*([^;]+);/gm)) properties.set(match[1]!, match[2]!.trim());
  return properties;
}

test('tokens.css declares every palette colour of tokens.ts under its property name, with the same value', () => {
  const properties = declared();
  for (const [name, value] of Object.entries(palette)) {
    expect([colourProperty(name as PaletteName), properties.get(colourProperty(name as PaletteName))]).toEqual([colourProperty(name as PaletteName), value]);
  }
});

test('every colour tokens.css writes is a palette colour of tokens.ts: the two files cannot drift apart', () => {
  const written = [...declared()].filter(([, value]) => value.startsWith('#'));
  const paletteProperties = Object.keys(palette).map((name) => colourProperty(name as PaletteName));
  expect(written.map(([property]) => property).sort()).toEqual([...paletteProperties].sort());
});

test('the colours with a purpose are palette colours by reference, and every reference is declared', () => {
  const properties = declared();
  expect(properties.get('--color-ink')).toBe(`var(${colourProperty('slate900')})`);
  expect(properties.get('--color-accent')).toBe(`var(${colourProperty('blue700')})`);
  for (const [property, value] of properties) {
    for (const reference of value.matchAll(/var\((--[\w-]+)\)/g)) expect([property, properties.has(reference[1]!)]).toEqual([property, true]);
  }
});

test('spacing and the type scale are tokens too', () => {
  const properties = declared();
  expect(properties.get('--space-4')).toBe('1rem');
  expect(properties.get('--font-size-md')).toBe('1rem');
  expect(properties.get('--font-sans')).toMatch(/system-ui/);
});

test('palette names become kebab-case properties, digits split from letters', () => {
  expect(colourProperty('slate50')).toBe('--color-slate-50');
  expect(colourProperty('gsapGreen')).toBe('--color-gsap-green');
  expect(colourProperty('white')).toBe('--color-white');
});

test('the chart colour lists hold distinct colours written as six-digit hex, as echarts and the map need', () => {
  for (const list of [seriesColours, providerColours, mapScale]) {
    expect(new Set(list).size).toBe(list.length);
    for (const colour of list) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
  }
  expect(mapScale).toHaveLength(8);
});
